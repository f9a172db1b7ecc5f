import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { productImages, products } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { Uploads } from "../media/index.ts";
import type { ProductImageDetail } from "./product-detail.ts";

/** The text that describes an image to those who cannot see it. */
export const productImageInput = z.object({
  alt: z
    .string({ error: "Describe the image for those who cannot see it." })
    .trim()
    .min(1, "Describe the image for those who cannot see it.")
    .max(200, "Use at most 200 characters to describe the image."),
});

const productNotFound = () => new ShopError("PRODUCT_NOT_FOUND", "This product does not exist.");

/**
 * Images staff add to a product (issue 13 §2; the back office will use it): an upload re-encoded
 * by the media module, placed after the product's other images. The catalogue revision triggers
 * (migration 0004) tell the storefront's caches. A file stored for a product that turned out not
 * to exist is removed again.
 */
export function createProductImages(options: { uploads?: Uploads }) {
  return {
    async addProductImage(scope: Scope, productId: string, file: unknown, raw: unknown): Promise<ProductImageDetail> {
      const input = parseInput(productImageInput, raw);
      const id = /^[1-9]\d{0,9}$/.test(productId) ? Number(productId) : NaN;
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw productNotFound();
      const [product] = await scope.db.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!product) throw productNotFound();
      if (!options.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
      const uploads = options.uploads;
      const stored = await uploads.store("product-image", file, "image");
      try {
        return await withTransaction(scope, async (tx) => {
          // The product row is locked so two images added at once get their own positions.
          const [locked] = await tx.db.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
          if (!locked) throw productNotFound();
          const [row] = await tx.db
            .insert(productImages)
            .values({
              productId: id,
              path: stored.src,
              alt: input.alt,
              width: stored.width,
              height: stored.height,
              position: sql`(select coalesce(max(${productImages.position}) + 1, 0) from ${productImages} where ${productImages.productId} = ${id})`,
            })
            .returning();
          return { path: row!.path, alt: row!.alt, width: row!.width, height: row!.height };
        });
      } catch (error) {
        await uploads.remove(stored.src);
        throw error;
      }
    },
  };
}
