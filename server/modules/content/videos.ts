/*
 * Video links must be addresses of the video provider (SPEC §5). The provider is configuration;
 * by default YouTube: its watch, short and embed addresses.
 */

export const YOUTUBE_VIDEO_PATTERNS = [
  /^https:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#]*&)?v=[\w-]{11}(?:[&#].*)?$/,
  /^https:\/\/youtu\.be\/[\w-]{11}(?:[?#].*)?$/,
  /^https:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts)\/[\w-]{11}(?:[?#].*)?$/,
];

export function isVideoAddress(url: string, patterns: readonly RegExp[] = YOUTUBE_VIDEO_PATTERNS): boolean {
  return patterns.some((pattern) => pattern.test(url));
}
