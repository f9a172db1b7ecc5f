/** Why an image could not be served; the adapter maps `kind` to a status. */
export type ImageErrorKind =
  /** The request itself is wrong (preset, width or source): 400. */
  | "invalid"
  /** The shop's own source file does not exist: 404. */
  | "not-found"
  /** A remote source failed: unreachable, too slow, too big, not an image: 502. */
  | "upstream";

export class ImageError extends Error {
  override name = "ImageError";
  constructor(
    readonly kind: ImageErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const IMAGE_ERROR_STATUS = { invalid: 400, "not-found": 404, upstream: 502 } as const satisfies Record<
  ImageErrorKind,
  number
>;
