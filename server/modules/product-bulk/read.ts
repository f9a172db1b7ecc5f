import { asc, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, variants } from "../../db/schema/index.ts";
import { matchingProductIds } from "../back-office/index.ts";
import { invalidInput } from "../../lib/shop-error.ts";
import { versionColumn } from "../product-editor/index.ts";
import type { BulkSelection } from "./schemas.ts";
import { MAX_BULK_PRODUCTS } from "./shared.ts";

/*
 * What a bulk edit reads (ADR 71): the products chosen with their versions, their options on sale
 * and the categories. Applying reads them locked, products first and then their options, each in
 * id order (as checkout locks options), so two bulk edits, an editor's save and a checkout never
 * wait on each other in a circle. A list of ids travels as one JSON parameter, however long.
 */

/** `column in (the ids)`, the ids as one parameter. */
export function inIds(column: SQL | AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

export interface BulkProduct {
  id: number;
  name: string;
  version: string;
  published: boolean;
  publishAt: Date | null;
  archivedAt: Date | null;
  membersOnly: boolean;
  publicAt: Date | null;
  categoryId: number;
  subCategoryId: number | null;
}

export interface BulkOption {
  id: number;
  productId: number;
  sku: string;
  size: string;
  colour: string;
  price: number;
  compareAtPrice: number | null;
  memberPrice: number | null;
}

export interface Place {
  id: number;
  name: string;
  parentId: number | null;
}

/**
 * The ids of the products chosen, in id order. "All that match" reads the list's filter now;
 * more than `max` (MAX_BULK_PRODUCTS) refuses the whole edit, saying how many there are.
 */
export async function chosenIds(
  db: Db,
  selection: BulkSelection,
  now: Date,
  lowStockAt: number,
  max = MAX_BULK_PRODUCTS,
): Promise<number[]> {
  if (selection.kind === "ids") {
    if (selection.ids.length > max) throw invalidInput("id", `Choose at most ${max} products at a time.`);
    return [...selection.ids].sort((a, b) => a - b);
  }
  const { ids, total } = await matchingProductIds(db, selection.filter, now, lowStockAt, max);
  if (total > max) {
    throw invalidInput(
      "all",
      `${total} products match the filter; a bulk edit takes at most ${max}. Narrow the filter and try again.`,
    );
  }
  if (total === 0) throw invalidInput("all", "No product matches the filter.");
  return ids;
}

/** The products of `ids` with their versions, in id order; locked for the change when `lock`. */
export async function productsOf(db: Db, ids: readonly number[], lock: boolean): Promise<BulkProduct[]> {
  if (ids.length === 0) return [];
  const query = db
    .select({
      id: products.id,
      name: products.name,
      version: versionColumn,
      published: products.published,
      publishAt: products.publishAt,
      archivedAt: products.archivedAt,
      membersOnly: products.membersOnly,
      publicAt: products.publicAt,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
    })
    .from(products)
    .where(inIds(products.id, ids))
    .orderBy(asc(products.id));
  return lock ? query.for("update") : query;
}

/** The options on sale of those products (archived ones are kept for their orders, not edited), in id order; locked when `lock`. */
export async function optionsOf(db: Db, productIds: readonly number[], lock: boolean): Promise<BulkOption[]> {
  if (productIds.length === 0) return [];
  const query = db
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      size: variants.size,
      colour: variants.colour,
      price: variants.price,
      compareAtPrice: variants.compareAtPrice,
      memberPrice: variants.memberPrice,
    })
    .from(variants)
    .where(sql`${inIds(variants.productId, productIds)} and ${isNull(variants.archivedAt)}`)
    .orderBy(asc(variants.id));
  return lock ? query.for("update") : query;
}

/** Every category and sub-category (a shop has tens, not thousands). */
export async function placesOf(db: Db): Promise<Map<number, Place>> {
  const rows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  return new Map(rows.map((row) => [row.id, row]));
}
