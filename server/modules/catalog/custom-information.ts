import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, customInformation, products } from "../../db/schema/index.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { ProductDetail } from "./product-detail.ts";
import { ANY_VISITOR, sellableTo } from "./sellable.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * The owner's information blocks for product pages (size guides, care, delivery: SPEC §3 "custom
 * information"). There are a handful of them and every product page shows some, so all published
 * blocks are read once and kept in memory like the shell's data (docs/decisions/0004), and a
 * product's blocks are picked from memory.
 */

/** What a block applies to: every product, a category's or sub-category's products, or one product. */
export type InformationTarget =
  | { scope: "all" }
  /** `subCategory` set: only that sub-category of `category`; null: the whole category. */
  | { scope: "category"; category: string; subCategory: string | null }
  | { scope: "product"; productId: number };

export interface InformationBlock {
  id: number;
  /** What kind of block it is, such as size-guide, care or delivery. */
  kind: string;
  title: string;
  /** Plain text, as the owner wrote it. */
  body: string;
  /** The body cut at blank lines, each trimmed; never HTML. */
  paragraphs: string[];
  position: number;
  appliesTo: InformationTarget;
}

/** The product a page shows: its id and where it sits in the catalogue. */
export type InformationProduct = Pick<ProductDetail, "id" | "category" | "subCategory">;

/** What GET /ecommerce/custom-information may ask for; every field optional. */
export interface InformationFilter {
  /** A product's slug or id: the blocks its page shows. */
  product?: string;
  /** A top-level category's slug: the blocks given to it or to one of its sub-categories. */
  category?: string;
  /** Only blocks of this kind. */
  kind?: string;
}

/** The filter names a product or category the shop does not have (the API answers 404). */
export const unknownInformationTarget = (param: "product" | "category", value: string) =>
  new ShopError("UNKNOWN_INFORMATION_TARGET", `Unknown ${param}: ${value}`, { details: { param, value } });

interface LoadedInformation {
  /** Published blocks by position, then id. */
  blocks: InformationBlock[];
  topLevelSlugs: Set<string>;
}

/** Splits plain text at blank lines (any line holding only spaces counts as blank). */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** Whether a block belongs on the page of `product`. */
export function appliesToProduct(target: InformationTarget, product: InformationProduct): boolean {
  switch (target.scope) {
    case "all":
      return true;
    case "product":
      return target.productId === product.id;
    case "category":
      // The product's sub-category is a child of its category (the addresses /shop/{c}/sub/{s}
      // rely on that), so the sub-category's parent is the product's category.
      return (
        target.category === product.category.slug &&
        (target.subCategory === null || target.subCategory === product.subCategory?.slug)
      );
  }
}

async function loadInformation(db: Db): Promise<LoadedInformation> {
  const categoryRows = await db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug })
    .from(categories);
  const byId = new Map(categoryRows.map((row) => [row.id, row]));
  const rows = await db
    .select({
      id: customInformation.id,
      kind: customInformation.kind,
      title: customInformation.title,
      body: customInformation.body,
      categoryId: customInformation.categoryId,
      productId: customInformation.productId,
      position: customInformation.position,
    })
    .from(customInformation)
    // A product's own blocks show only while the shop shows the product (unpublished and
    // members-only products are hidden, so are their blocks).
    .leftJoin(products, eq(products.id, customInformation.productId))
    .where(
      and(
        eq(customInformation.published, true),
        or(isNull(customInformation.productId), sellableTo(ANY_VISITOR, sql`${products}`)),
      ),
    )
    .orderBy(asc(customInformation.position), asc(customInformation.id));
  const blocks = rows.flatMap((row): InformationBlock[] => {
    let appliesTo: InformationTarget = { scope: "all" };
    // A block given both a product and a category is the product's: the narrower wins.
    if (row.productId !== null) appliesTo = { scope: "product", productId: row.productId };
    else if (row.categoryId !== null) {
      const category = byId.get(row.categoryId);
      // Deleted between the two reads: its blocks went with it (on delete cascade).
      if (!category) return [];
      const parent = category.parentId === null ? undefined : byId.get(category.parentId);
      appliesTo = parent
        ? { scope: "category", category: parent.slug, subCategory: category.slug }
        : { scope: "category", category: category.slug, subCategory: null };
    }
    return [
      {
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        paragraphs: paragraphsOf(row.body),
        position: row.position,
        appliesTo,
      },
    ];
  });
  return { blocks, topLevelSlugs: new Set(categoryRows.filter((row) => row.parentId === null).map((row) => row.slug)) };
}

/**
 * The information blocks, read in two queries and served from memory for `ttlMs` (then refreshed
 * in the background). `findProduct` resolves a product's slug or id for list({ product }).
 */
export function createCustomInformation(
  db: Db,
  options: { ttlMs: number; findProduct: (slugOrId: string) => Promise<InformationProduct | null> },
) {
  const loaded = cachedRead(() => loadInformation(db), options.ttlMs);
  return {
    /** The blocks a product's page shows, in the owner's order: site-wide, its category's, its sub-category's, its own. */
    async informationFor(product: InformationProduct): Promise<InformationBlock[]> {
      return (await loaded()).blocks.filter((block) => appliesToProduct(block.appliesTo, product));
    },
    /** Published blocks matching every given filter; throws UNKNOWN_INFORMATION_TARGET for an unknown product or category. */
    async list(filter: InformationFilter = {}): Promise<InformationBlock[]> {
      const { blocks, topLevelSlugs } = await loaded();
      let picked = blocks;
      if (filter.product !== undefined) {
        const product = await options.findProduct(filter.product);
        if (!product) throw unknownInformationTarget("product", filter.product);
        picked = picked.filter((block) => appliesToProduct(block.appliesTo, product));
      }
      if (filter.category !== undefined) {
        if (!topLevelSlugs.has(filter.category)) throw unknownInformationTarget("category", filter.category);
        picked = picked.filter((block) => block.appliesTo.scope === "category" && block.appliesTo.category === filter.category);
      }
      if (filter.kind !== undefined) picked = picked.filter((block) => block.kind === filter.kind);
      return picked;
    },
    /** One published block by id; null when there is none. */
    async byId(id: number): Promise<InformationBlock | null> {
      return (await loaded()).blocks.find((block) => block.id === id) ?? null;
    },
    invalidate(): void {
      loaded.invalidate();
    },
  };
}

export type CustomInformationReader = ReturnType<typeof createCustomInformation>;
