import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, variants } from "../../db/schema/index.ts";
import { sellableTo, type Viewer } from "../catalog/index.ts";
import type { OptionPlace } from "./kit.ts";
import type { OptionWords } from "./words.ts";

/** An option as a request reads it: where it is shown, how it is named, and its stock. */
export interface OptionFacts extends OptionPlace, OptionWords {
  stock: number;
}

const columns = {
  variantId: variants.id,
  stock: variants.stock,
  size: variants.size,
  colour: variants.colour,
  productName: products.name,
  productSlug: products.slug,
  categorySlug: categories.slug,
};

/**
 * The option with that id when the shop sells its product to `viewer` (published; members-only
 * products to members with early access alone, ADR 41); null otherwise. `lock`: the option's row
 * is share-locked until the transaction ends, so stock given back meanwhile waits for the request
 * to commit and then finds it (ADR 47), while requests for one option do not wait for each other.
 */
export async function sellableOption(
  db: Db,
  variantId: number,
  viewer: Pick<Viewer, "earlyAccess">,
  options: { lock?: boolean } = {},
): Promise<OptionFacts | null> {
  const query = db
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(variants.id, variantId), isNull(variants.archivedAt), sellableTo(viewer, sql`${products}`)));
  const [row] = options.lock ? await query.for("share", { of: variants }) : await query;
  return row ?? null;
}

/** How the option with that id is named, whatever its product's state now (a cancel page names what it stopped). */
export async function optionWords(db: Db, variantId: number): Promise<OptionWords | null> {
  const [row] = await db
    .select({ productName: products.name, size: variants.size, colour: variants.colour })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  return row ?? null;
}
