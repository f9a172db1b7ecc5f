import { and, asc, count, countDistinct, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, stockAlerts, variants } from "../../db/schema/index.ts";

/*
 * Back-in-stock demand (ADR 47, 77): the waiting requests of sold-out options. One query says
 * which requests count, for every figure of it, the dashboard's "most wanted" queue and the demand
 * page alike: a request waits until its mail is written (`notified_at`); an option is wanted while
 * it is sold out (stock 0) and not archived (an archived option is off the shop for good). An
 * option back in stock is not wanted: the sweep is answering its requests.
 */

/** The waiting requests with their option and product, as a WITH query each figure groups. */
function waitingRequests(db: Db) {
  return db.$with("waiting_requests").as(
    db
      .select({
        variantId: sql<number>`${variants.id}`.as("variant_id"),
        productId: sql<number>`${products.id}`.as("product_id"),
        productName: sql<string>`${products.name}`.as("product_name"),
        productSlug: sql<string>`${products.slug}`.as("product_slug"),
        sku: sql<string>`${variants.sku}`.as("sku"),
        size: sql<string>`${variants.size}`.as("size"),
        colour: sql<string>`${variants.colour}`.as("colour"),
        stock: sql<number>`${variants.stock}`.as("stock"),
        requestedAt: sql<Date>`${stockAlerts.createdAt}`.as("requested_at"),
      })
      .from(stockAlerts)
      .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(isNull(stockAlerts.notifiedAt), isNull(variants.archivedAt), eq(variants.stock, 0))),
  );
}

export interface WantedOptionRow {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
  /** Requests waiting for it. */
  waiting: number;
  /** When the longest-waiting of them was made (ISO). */
  oldest: string;
}

/** The earliest request of a group, as a Date (read as the table's column is). */
const oldestOf = (requests: ReturnType<typeof waitingRequests>) =>
  sql<Date>`min(${requests.requestedAt})`.mapWith(stockAlerts.createdAt);

/**
 * Wanted options, most wanted first (then the longest waiting, then by id): the first `limit`, or
 * all those of `productIds`.
 */
export async function wantedOptions(
  db: Db,
  which: { limit: number } | { productIds: readonly number[] },
): Promise<WantedOptionRow[]> {
  if ("productIds" in which && which.productIds.length === 0) return [];
  const requests = waitingRequests(db);
  const oldest = oldestOf(requests);
  const query = db
    .with(requests)
    .select({
      variantId: requests.variantId,
      productId: requests.productId,
      productName: requests.productName,
      productSlug: requests.productSlug,
      sku: requests.sku,
      size: requests.size,
      colour: requests.colour,
      stock: requests.stock,
      waiting: count(),
      oldest,
    })
    .from(requests)
    .where("productIds" in which ? inArray(requests.productId, [...which.productIds]) : undefined)
    .groupBy(
      requests.variantId,
      requests.productId,
      requests.productName,
      requests.productSlug,
      requests.sku,
      requests.size,
      requests.colour,
      requests.stock,
    )
    .orderBy(desc(count()), asc(oldest), asc(requests.variantId))
    .$dynamic();
  const rows = await ("limit" in which ? query.limit(which.limit) : query);
  return rows.map((row) => ({
    ...row,
    variantId: Number(row.variantId),
    productId: Number(row.productId),
    stock: Number(row.stock),
    oldest: row.oldest.toISOString(),
  }));
}

/** How many options are wanted. */
export async function wantedOptionCount(db: Db): Promise<number> {
  const requests = waitingRequests(db);
  const [row] = await db
    .with(requests)
    .select({ n: countDistinct(requests.variantId) })
    .from(requests);
  return row?.n ?? 0;
}

export interface WantedProductRow {
  productId: number;
  productName: string;
  /** Requests waiting for its options, all together. */
  waiting: number;
  /** How many of its options are wanted. */
  options: number;
  /** When the longest-waiting request for it was made (ISO). */
  oldest: string;
}

/**
 * Products by how much their options are wanted: `sort` "wanted" (requests, all options together)
 * or "oldest" (when its longest-waiting request was made).
 */
export async function wantedProducts(
  db: Db,
  page: { sort: "wanted" | "oldest"; dir: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: WantedProductRow[]; total: number }> {
  const requests = waitingRequests(db);
  const oldest = oldestOf(requests);
  const by = page.dir === "asc" ? asc : desc;
  // Ties: the more wanted, then the longest waiting, then by id, so that pages never overlap.
  const order = page.sort === "oldest" ? [by(oldest), desc(count())] : [by(count()), asc(oldest)];
  const [rows, [counted]] = await Promise.all([
    db
      .with(requests)
      .select({
        productId: requests.productId,
        productName: requests.productName,
        waiting: count(),
        options: countDistinct(requests.variantId),
        oldest,
      })
      .from(requests)
      .groupBy(requests.productId, requests.productName)
      .orderBy(...order, asc(requests.productId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .with(requests)
      .select({ n: countDistinct(requests.productId) })
      .from(requests),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, productId: Number(row.productId), oldest: row.oldest.toISOString() })),
    total: counted?.n ?? 0,
  };
}
