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

export interface VideoFailure {
  kind: VideoFailureKind;
  /** For people: one of VIDEO_MESSAGES. */
  message: string;
}

export const VIDEO_FAILURES: Record<VideoFailureKind, VideoFailure> = {
  "not-provider": { kind: "not-provider", message: VIDEO_MESSAGES.notProvider },
  "not-embeddable": { kind: "not-embeddable", message: VIDEO_MESSAGES.notEmbeddable },
  "not-found": { kind: "not-found", message: VIDEO_MESSAGES.notFound },
  unavailable: { kind: "unavailable", message: VIDEO_MESSAGES.unavailable },
};
