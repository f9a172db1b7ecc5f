import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, promoCodeTargets } from "../../db/schema/index.ts";

/**
 * The products of `productIds` a promo code applies to, or null when it applies to the whole bag
 * (it has no targets). A code targets products and categories; a category reaches its
 * sub-categories, at any depth, and a product is in a category by its category or sub-category.
 */
export async function targetedProducts(db: Db, promoCodeId: number, productIds: readonly number[]): Promise<Set<number> | null> {
  const targets = await db
    .select({ productId: promoCodeTargets.productId, categoryId: promoCodeTargets.categoryId })
    .from(promoCodeTargets)
    .where(eq(promoCodeTargets.promoCodeId, promoCodeId));
  if (targets.length === 0) return null;
  if (productIds.length === 0) return new Set();
  const named = targets.flatMap((t) => (t.productId !== null ? [t.productId] : []));
  const within = await withSubCategories(
    db,
    targets.flatMap((t) => (t.categoryId !== null ? [t.categoryId] : [])),
  );
  const reached: SQL[] = [];
  if (named.length > 0) reached.push(inArray(products.id, named));
  if (within.length > 0) reached.push(inArray(products.categoryId, within), inArray(products.subCategoryId, within));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), or(...reached)));
  return new Set(rows.map((row) => row.id));
}

/** The categories and every category below them, a level at a time (the shop has two). */
async function withSubCategories(db: Db, ids: number[]): Promise<number[]> {
  const all = new Set(ids);
  let level = ids;
  while (level.length > 0) {
    const children = await db.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, level));
    level = children.map((c) => c.id).filter((id) => !all.has(id));
    for (const id of level) all.add(id);
  }
  return [...all];
}
