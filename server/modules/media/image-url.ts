import {
  IMAGE_ROUTE_PREFIX,
  IMAGE_WIDTHS,
  isImagePresetName,
  isImageWidth,
  type ImagePresetName,
  type ImageWidth,
} from "./presets.ts";

/*
 * Addresses of the image endpoint, for the UI: /images/<preset>/<width>?src=<source>, where the
 * source is a /media/ path of the shop (as mediaUrl() gives it) or an https address on an allowed
 * host. Pure: safe in the browser.
 */

/** Address of one rendering of `src`; throws a RangeError for a preset or width the endpoint refuses. */
export function imageUrl(preset: ImagePresetName, width: ImageWidth, src: string): string {
  if (!isImagePresetName(preset)) throw new RangeError(`unknown image preset: ${String(preset)}`);
  if (!isImageWidth(width)) throw new RangeError(`image width must be one of ${IMAGE_WIDTHS.join(", ")}`);
  return `${IMAGE_ROUTE_PREFIX}/${preset}/${width}?src=${encodeURIComponent(src)}`;
}

/** A srcset of `src` in the given widths (all allowed widths by default), narrowest first. */
export function imageSrcSet(preset: ImagePresetName, src: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return [...new Set(widths)]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(preset, width, src)} ${width}w`)
    .join(", ");
}

/**
 * The source address of a stored image path: a file in the shop's media folder (generated product
 * and brand images, stored relative to it), or an upload, stored as its own /uploads/ address (ADR 46).
 */
export function storedImageSource(path: string): string {
  return path.startsWith("/uploads/") ? path : `/media/${encodeURI(path)}`;
}
