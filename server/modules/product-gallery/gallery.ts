import { asc, eq } from "drizzle-orm";
import { categories, productImages, products } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";
import { productNotFound, versionOf } from "./product-as-read.ts";

/** One image as the gallery page shows it. */
export interface GalleryImage {
  id: number;
  /** The stored path: under the media folder, or an upload's /uploads/ address (storedImageSource). */
  path: string;
  alt: string;
  width: number;
  height: number;
}

export interface Gallery {
  product: {
    id: number;
    name: string;
    /** The product's page on the shop. */
    shopPath: string;
    /** The version the page's forms carry (updated_at as ISO text). */
    version: string;
  };
  /** In the shop's order: the first is the main image. */
  images: GalleryImage[];
}

const GalleryInput = z.object({ productId: recordIdInput("This product does not exist.") });

/** A product's images, in order, with what the page needs to change them. PRODUCT_NOT_FOUND for no such product. */
export async function gallery(scope: Scope, raw: unknown): Promise<Gallery> {
  const { productId } = parseInput(GalleryInput, raw);
  const [product] = await scope.db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      updatedAt: products.updatedAt,
      category: categories.slug,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!product) throw productNotFound();
  const images = await scope.db
    .select({
      id: productImages.id,
      path: productImages.path,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return {
    product: {
      id: product.id,
      name: product.name,
      shopPath: `/shop/${encodeURIComponent(product.category)}/${encodeURIComponent(product.slug)}`,
      version: versionOf(product.updatedAt),
    },
    images,
  };
}
