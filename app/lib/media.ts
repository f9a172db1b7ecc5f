import { imageSrcSet, imageUrl, storedImageSource } from "../../server/modules/media/shared.ts";
import type { ImagePresetName, ImageWidth } from "../../server/modules/media/shared.ts";

/** The image endpoint's source address of a stored image path (media folder or upload). */
export const mediaUrl = storedImageSource;

/** One image at the size it is shown (`width` CSS pixels) and twice that for sharp screens. */
function fixedImageSources(preset: ImagePresetName, path: string, width: ImageWidth, double: ImageWidth) {
  const source = mediaUrl(path);
  return {
    src: imageUrl(preset, width, source),
    srcSet: `${imageUrl(preset, width, source)} 1x, ${imageUrl(preset, double, source)} 2x`,
  };
}

/** A brand logo from the shop's media folder through the image endpoint's `logo` preset. */
export function logoImageSources(path: string, width: ImageWidth, double: ImageWidth): { src: string; srcSet: string } {
  return fixedImageSources("logo", path, width, double);
}

/** A customer's profile picture (an upload), square, shown 96 CSS pixels wide. */
export function pictureImageSources(path: string): { src: string; srcSet: string } {
  return fixedImageSources("product", path, 160, 320);
}

/**
 * The `src` and `srcSet` of a product image from the shop's media folder, through the image
 * endpoint's `product` preset: `width` for browsers without srcset, `widths` for the rest.
 */
export function productImageSources(
  path: string,
  width: ImageWidth,
  widths: readonly ImageWidth[],
): { src: string; srcSet: string } {
  const source = mediaUrl(path);
  return { src: imageUrl("product", width, source), srcSet: imageSrcSet("product", source, widths) };
}
