import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, type Product } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { productIdInput } from "./schemas.ts";
import { parseInput } from "../../lib/shop-error.ts";

/*
 * A product's version (ADR 58, ADR 63): its updated_at, to the microsecond, as text. Every change
 * the editor makes to the product or its options moves it, so one version covers the page. A form
 * carries the version it was read at; a change is refused (STALE_VERSION, 409) when the product
 * has moved on, compared under the product's row lock in the change's own transaction.
 */

/** The version as SQL over a product's updated_at (any alias of it: the APIs read it too). */
export const productVersionOf = (updatedAt: SQL) => sql<string>`(extract(epoch from ${updatedAt}) * 1000000)::bigint::text`;

/** The version as SQL over the products table. */
export const versionColumn = productVersionOf(sql`${products.updatedAt}`);

export function productNotFound(): ShopError {
  return new ShopError("PRODUCT_NOT_FOUND", "No such product.");
}

/** The product locked for the change; PRODUCT_NOT_FOUND when there is none. */
export async function lockProduct(db: Db, id: number): Promise<Product & { version: string }> {
  const [row] = await db
    .select({ product: products, version: versionColumn })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!row) throw productNotFound();
  return { ...row.product, version: row.version };
}

/** The next version of a product row: a moment later than both the clock and the last version. */
export const nextVersion = sql`greatest(clock_timestamp(), ${products.updatedAt} + interval '1 millisecond')`;

/** Moves the version on. */
export async function touchProduct(db: Db, id: number): Promise<void> {
  await db.update(products).set({ updatedAt: nextVersion }).where(eq(products.id, id));
}

/** What a change needs besides the scope: the catalogue's caches, dropped once it commits. */
export interface EditorDeps {
  /** catalog.invalidate: the shop shows the change on its next request. */
  invalidate: () => void;
  /** The shop's currency: prices are typed in its main unit. */
  currency: string;
  /** The shop's Markdown renderer and sanitiser (the news module's), for the description's preview. */
  renderMarkdown: (markdown: string) => string;
}

/**
 * Runs `work` in one transaction on the product locked, when it is still at `version`; else
 * STALE_VERSION with when it last changed. The version moves on and, once committed, the
 * catalogue's caches are dropped.
 */
export async function whenCurrent<T>(
  scope: StaffScope,
  deps: Pick<EditorDeps, "invalidate">,
  rawId: unknown,
  version: string,
  work: (tx: StaffScope, product: Product) => Promise<T>,
): Promise<T> {
  const id = parseInput(productIdInput, rawId, "id");
  return withTransaction(scope, async (tx) => {
    const product = await lockProduct(tx.db, id);
    if (product.version !== version) {
      throw new ShopError("STALE_VERSION", `${product.name} changed since the page was read.`, {
        details: { changedAt: product.updatedAt.toISOString() },
      });
    }
    const result = await work(tx, product);
    await touchProduct(tx.db, id);
    afterCommit(tx, deps.invalidate);
    return result;
  });
}
