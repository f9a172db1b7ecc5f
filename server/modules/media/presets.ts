/*
 * The image endpoint's presets and widths, in one place. Pure data: the browser-side URL helpers
 * (image-url.ts) import it too, so nothing here may pull in sharp or node: modules.
 */

export interface ImagePreset {
  /** Output format; its content type is `image/<format>`. */
  format: "webp";
  /** cover crops to fill the box; contain letterboxes inside it on `background`. */
  fit: "cover" | "contain";
  quality: number;
  /** Height as a fraction of the width (1 = square). */
  aspect: number;
  /** Fill for the letterbox of `contain`, with alpha from 0 (transparent) to 1. */
  background?: { r: number; g: number; b: number; alpha: number };
}

/** SPEC §9: the default preset `product` is webp, cover fit, quality 70. */
export const IMAGE_PRESETS = {
  product: { format: "webp", fit: "cover", quality: 70, aspect: 1 },
  logo: { format: "webp", fit: "contain", quality: 80, aspect: 1, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  /** News covers and page pictures: wide, 16:9. */
  cover: { format: "webp", fit: "cover", quality: 70, aspect: 9 / 16 },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

export const IMAGE_PRESET_NAMES = Object.keys(IMAGE_PRESETS) as ImagePresetName[];

export const DEFAULT_IMAGE_PRESET: ImagePresetName = "product";

/** The only widths the endpoint renders (for srcset); any other is refused, so the cache stays bounded. */
export const IMAGE_WIDTHS = [96, 160, 240, 320, 480, 640, 800, 1200] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export function isImagePresetName(name: string): name is ImagePresetName {
  return Object.hasOwn(IMAGE_PRESETS, name);
}

/** Where the endpoint is mounted. */
export const IMAGE_ROUTE_PREFIX = "/images";
