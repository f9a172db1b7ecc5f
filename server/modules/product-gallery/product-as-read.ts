import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productImages, products } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { productVersionOf } from "../product-editor/index.ts";

/*
 * What every change of a product's images reads first: the product's row, locked until the change
 * commits (the lock the product editor's changes take too, so changes of one product run one
 * after the other and positions never collide), as the page that asked for the change saw it.
 */

export const productNotFound = () => new ShopError("PRODUCT_NOT_FOUND", "This product does not exist.");

export const imageNotFound = () =>
  new ShopError("IMAGE_NOT_FOUND", "This image is not one of the product's: it may have been removed. Reload the page.");

/** The refusal of a page read before another change of the product (409, with when it changed). */
export const staleProduct = (changedAt: Date) =>
  new ShopError(
    "STALE_VERSION",
    "Someone changed this product since you opened the page. Check it as it is now, then try again.",
    {
      details: { changedAt: changedAt.toISOString() },
    },
  );

/** The product's version as its forms carry it: its updated_at as ISO text. */
export const versionOf = (updatedAt: Date) => updatedAt.toISOString();

/**
 * True when `version` is the product's: as the gallery's page carries it (ISO), or as the product
 * editor and the APIs do (`productVersion`: microseconds). Both are read from one updated_at, which
 * every change moves on by a millisecond at least, so either names one state of the product.
 */
export const isVersion = (product: { updatedAt: Date; version: string }, version: string) =>
  version === versionOf(product.updatedAt) || version === product.version;

/**
 * The product `productId` locked, when its version is still `version` (undefined: whatever it is,
 * for an image added through the API); else PRODUCT_NOT_FOUND or STALE_VERSION (409).
 */
export async function productAsRead(db: Db, productId: number, version: string | undefined) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      updatedAt: products.updatedAt,
      version: productVersionOf(sql`${products.updatedAt}`),
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw productNotFound();
  if (version !== undefined && !isVersion(product, version)) throw staleProduct(product.updatedAt);
  return product;
}

/** The product's images in the shop's order: position, then id (the first is the main image). */
export async function imagesOf(db: Db, productId: number) {
  return db
    .select({ id: productImages.id, path: productImages.path, alt: productImages.alt, position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export type GalleryRow = Awaited<ReturnType<typeof imagesOf>>[number];

/**
 * Moves the product's version on. Never to the same text: two changes within one millisecond
 * (the version's precision) still give two versions.
 */
export async function touchProduct(db: Db, productId: number): Promise<void> {
  await db
    .update(products)
    .set({ updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')` })
    .where(eq(products.id, productId));
}

/** Writes `ids` as the images' positions 0, 1, 2…: the stored order is always without gaps. */
export async function writeOrder(db: Db, productId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update product_images i set position = o.position - 1
    from unnest(${`{${ids.join(",")}}`}::int[]) with ordinality as o(id, position)
    where i.id = o.id and i.product_id = ${productId}`);
}
