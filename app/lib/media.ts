import { imageSrcSet, imageUrl, storedImageSource } from "../../server/modules/media/image-url.ts";
import type { ImageWidth } from "../../server/modules/media/presets.ts";

/** The image endpoint's source address of a stored image path (media folder or upload). */
export const mediaUrl = storedImageSource;

/**
 * A brand logo from the shop's media folder through the image endpoint's `logo` preset, at the
 * size it is shown (`width` CSS pixels) and twice that for sharp screens.
 */
export function logoImageSources(path: string, width: ImageWidth, double: ImageWidth): { src: string; srcSet: string } {
  const source = mediaUrl(path);
  return {
    src: imageUrl("logo", width, source),
    srcSet: `${imageUrl("logo", width, source)} 1x, ${imageUrl("logo", double, source)} 2x`,
  };
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
