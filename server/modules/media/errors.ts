import { asShopError, ShopError, type ShopErrorCode } from "../../lib/shop-error.ts";

/*
 * Why an image could not be served, as the shop's one error type (ADR 34, 55): the endpoint
 * answers the code's status (SHOP_ERROR_STATUS) with the message in plain text.
 */

export type ImageErrorKind =
  /** The request itself is wrong (preset, width or source): 400. */
  | "invalid"
  /** The shop's own source file does not exist: 404. */
  | "not-found"
  /** A remote source failed: unreachable, too slow, too big, not an image: 502. */
  | "upstream";

const IMAGE_ERROR_CODES = {
  invalid: "IMAGE_REQUEST_INVALID",
  "not-found": "IMAGE_NOT_FOUND",
  upstream: "IMAGE_SOURCE_FAILED",
} as const satisfies Record<ImageErrorKind, ShopErrorCode>;

/** An image failure of one kind; the message says which part, for whoever debugs the address. */
export function imageError(kind: ImageErrorKind, message: string): ShopError {
  return new ShopError(IMAGE_ERROR_CODES[kind], message);
}

/** Whether `error` is already one of the image failures (passed on as it is). */
export function isImageError(error: unknown): error is ShopError {
  const code = asShopError(error)?.code;
  return code !== undefined && (Object.values(IMAGE_ERROR_CODES) as string[]).includes(code);
}
