import type { Db } from "../../db/client.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import { brandDetails, brandList } from "./brand-list.ts";
import { categoryTree, menuOf } from "./category-tree.ts";
import { createListing } from "./listing/index.ts";
import { featuredProducts } from "./product-cards.ts";
import { productDetail } from "./product-detail.ts";

export type { CategoryNode, MenuCategory } from "./category-tree.ts";
export type { ProductCard } from "./product-cards.ts";
export type { BrandDetails, BrandSummary } from "./brand-list.ts";

/** How many products the home page features. */
export const FEATURED_COUNT = 8;

/**
 * How long the shop's shell data (menu, brands, featured products) is served from memory. These
 * change only when the owner edits the catalogue, and every page needs the menu: one query per
 * page view for it would be most of a page's cost. See docs/decisions/0004-catalogue-read-cache.md.
 */
export const SHELL_CACHE_MS = 30_000;

/** The catalogue as the storefront reads it. */
export function createCatalog(db: Db, options: { cacheMs?: number } = {}) {
  const ttl = options.cacheMs ?? SHELL_CACHE_MS;
  const tree = cachedRead(() => categoryTree(db), ttl);
  const menu = cachedRead(async () => menuOf(await tree()), ttl);
  const brands = cachedRead(() => brandList(db), ttl);
  const brandPages = cachedRead(() => brandDetails(db), ttl);
  const featured = cachedRead(() => featuredProducts(db, FEATURED_COUNT), ttl);
  const listing = createListing(db);
  return {
    /** Listings with filters and facets, from an in-memory read model of the catalogue. */
    listing,
    categoryMenu: menu,
    /** Categories and sub-categories with their descriptions, for listing pages. */
    categories: tree,
    featuredProducts: featured,
    brands,
    /** Brands with their stories, for brand pages. */
    brandDetails: brandPages,
    /** One product with its images and variants, by slug or id; null when the shop does not show it. */
    productDetail: (slugOrId: string) => productDetail(db, slugOrId),
    /** Drops cached catalogue reads; writers call it after a change. */
    invalidate() {
      menu.invalidate();
      tree.invalidate();
      brands.invalidate();
      brandPages.invalidate();
      featured.invalidate();
      listing.invalidate();
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
