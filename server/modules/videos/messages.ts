import { invalidInput, ShopError, type ShopErrorCode } from "../../lib/shop-error.ts";

/*
 * What a visitor is told when a video cannot be played (SPEC §8: "is not embeddable", "was not
 * found", "There was an error fetching the embed code"), and the address rule of SPEC §5.
 */

export const VIDEO_MESSAGES = {
  /** The link is not one of the provider's video addresses (SPEC §5). */
  notProvider: "Video links must be addresses of the video provider",
  missingUrl: "Say which video: /videos/embed?url=<the video's address>",
  notEmbeddable: "This video is not embeddable",
  notFound: "This video was not found",
  unavailable: "There was an error fetching the embed code",
  tooMany: "Too many videos were asked for from your network. Please try again in a minute.",
} as const;

/** Why a video cannot be embedded. */
export type VideoFailureKind = "not-provider" | "not-embeddable" | "not-found" | "unavailable";

const VIDEO_ERROR_CODES = {
  "not-embeddable": "VIDEO_NOT_EMBEDDABLE",
  "not-found": "VIDEO_NOT_FOUND",
  unavailable: "VIDEO_UNAVAILABLE",
} as const satisfies Record<Exclude<VideoFailureKind, "not-provider">, ShopErrorCode>;

/**
 * A video that cannot be embedded, as the shop's one error type (ADR 34, 55), with the message
 * SPEC §8 gives. A link that is not the provider's is the `url` input at fault.
 */
export function videoFailure(kind: VideoFailureKind): ShopError {
  if (kind === "not-provider") return invalidInput("url", VIDEO_MESSAGES.notProvider);
  const message = {
    "not-embeddable": VIDEO_MESSAGES.notEmbeddable,
    "not-found": VIDEO_MESSAGES.notFound,
    unavailable: VIDEO_MESSAGES.unavailable,
  }[kind];
  return new ShopError(VIDEO_ERROR_CODES[kind], message);
}
