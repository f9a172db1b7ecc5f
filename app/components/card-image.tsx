import type { ImgHTMLAttributes } from "react";
import type { ProductCard } from "../../server/modules/catalog/index.ts";
import type { ImageWidth } from "../../server/modules/media/shared.ts";
import { productImageSources } from "~/lib/media";

/**
 * A product's picture on a card (the listing's cards, a post's "shop the story"): its sizes from
 * the image endpoint, its box known before it arrives, decoded off the main thread. Lazy unless
 * the card is among the first on the page.
 */
export function CardImage({
  image,
  widths,
  sizes,
  alt = image.alt,
  loading = "lazy",
  ...rest
}: {
  image: NonNullable<ProductCard["image"]>;
  widths: readonly ImageWidth[];
  sizes: string;
} & Pick<ImgHTMLAttributes<HTMLImageElement>, "alt" | "loading" | "fetchPriority" | "className"> & {
    "data-testid"?: string;
  }) {
  return (
    <img
      {...productImageSources(image.path, 480, widths)}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
