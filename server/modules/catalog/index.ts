import type { Db } from "../../db/client.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import { brandDetails, brandList } from "./brand-list.ts";
import { createCatalogueWatch } from "./catalogue-watch.ts";
import { categoryTiles } from "./category-tiles.ts";
import { categoryTree, menuOf } from "./category-tree.ts";
import { createCustomInformation } from "./custom-information.ts";
import { createListing } from "./listing/index.ts";
import { featuredProducts, productCardsBySlug } from "./product-cards.ts";
import { cachedByKey } from "./product-cache.ts";
import { productDetail, type ProductDetail } from "./product-detail.ts";
import { ANY_VISITOR, EARLY_ACCESS, isSellableTo, type Viewer } from "./sellable.ts";
import { movedTo } from "./slug-redirects.ts";
import type { SlugRedirectKind } from "../../db/schema/index.ts";

export type { CategoryNode, MenuCategory } from "./category-tree.ts";
export type { CategoryTile } from "./category-tiles.ts";
export type { ProductCard } from "./product-cards.ts";
export type { BrandDetails, BrandSummary } from "./brand-list.ts";
export type { InformationBlock, InformationFilter, InformationTarget } from "./custom-information.ts";
export { unknownInformationTarget } from "./custom-information.ts";
export { ANY_VISITOR, type Viewer } from "./sellable.ts";
export type { SlugRedirectKind } from "../../db/schema/index.ts";

/** How many products the home page features. */
export const FEATURED_COUNT = 8;

/**
 * How long the shop's shell data (menu, brands, featured products) is served from memory. These
 * change only when the owner edits the catalogue, and every page needs the menu: one query per
 * page view for it would be most of a page's cost. See docs/decisions/0004-catalogue-read-cache.md.
 */
export const SHELL_CACHE_MS = 30_000;

/**
 * How old a product page's product (stock included) may be. The bag checks stock in the
 * database on every add, so a page may promise "only 2 left" for this long after the last one
 * sold. See docs/decisions/0019-product-page-data-and-option-select.md.
 */
export const PRODUCT_CACHE_MS = 10_000;
/** Products kept at once; a product is a few kilobytes. */
export const PRODUCT_CACHE_ENTRIES = 2_000;

/**
 * The catalogue as the storefront reads it. `sharedDatabase`: other processes may write the
 * catalogue (PostgreSQL), so follow() reads the catalogue's revision (catalogue-watch.ts, ADR 64).
 */
export function createCatalog(db: Db, options: { cacheMs?: number; sharedDatabase?: boolean } = {}) {
  const ttl = options.cacheMs ?? SHELL_CACHE_MS;
  const tree = cachedRead(() => categoryTree(db), ttl);
  const tiles = cachedRead(() => categoryTiles(db), ttl);
  // The large menu shows each category's tile picture.
  const menu = cachedRead(async () => {
    const [categories, pictures] = await Promise.all([tree(), tiles()]);
    return menuOf(categories, new Map(pictures.map((tile) => [tile.slug, tile.imagePath])));
  }, ttl);
  const brands = cachedRead(() => brandList(db), ttl);
  const brandPages = cachedRead(() => brandDetails(db), ttl);
  const featured = cachedRead(() => featuredProducts(db, FEATURED_COUNT), ttl);
  const listing = createListing(db);
  const cachedProduct = cachedByKey((slugOrId) => productDetail(db, slugOrId, EARLY_ACCESS), {
    ttlMs: options.cacheMs ?? PRODUCT_CACHE_MS,
    maxEntries: PRODUCT_CACHE_ENTRIES,
  });
  // Product reads hold members-only products too (one cache for every viewer); each read hands
  // out only what its viewer may see (sellable.ts, ADR 41).
  const shownTo = (viewer: Pick<Viewer, "earlyAccess">) => (product: ProductDetail | null) =>
    product && isSellableTo(viewer, product) ? product : null;
  const cachedProductFor = (slugOrId: string, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR) =>
    cachedProduct(slugOrId).then(shownTo(viewer));
  const customInformation = createCustomInformation(db, { ttlMs: ttl, findProduct: (key) => cachedProductFor(key) });
  const dropCached = () => {
    menu.invalidate();
    tree.invalidate();
    tiles.invalidate();
    brands.invalidate();
    brandPages.invalidate();
    featured.invalidate();
    listing.invalidate();
    cachedProduct.invalidate();
    customInformation.invalidate();
  };
  // What the shop shows changes with a write here, a write elsewhere, or the clock: every cache above follows it.
  const watch = createCatalogueWatch(db, { shared: options.sharedDatabase ?? false, onChange: dropCached });
  return {
    /** Listings with filters and facets, from an in-memory read model of the catalogue. */
    listing,
    categoryMenu: menu,
    /** Categories and sub-categories with their descriptions, for listing pages. */
    categories: tree,
    /** The top-level categories as picture tiles (the shop root, the home page). */
    categoryTiles: tiles,
    featuredProducts: featured,
    brands,
    /** Brands with their stories, for brand pages. */
    brandDetails: brandPages,
    /**
     * The products that best match a text being typed, best first, for the search box's
     * suggestions (at most `limit`, itself at most 20). Full results: listing.list with a query.
     */
    suggest: (text: string, limit: number, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR) =>
      listing.suggest(text, limit, viewer),
    /** The named products' cards, in that order (a page's product carousel). */
    cardsBySlug: (slugs: readonly string[]) => productCardsBySlug(db, slugs),
    /**
     * One product with its images and variants, by slug or id; null when the shop does not show it
     * to `viewer` (default: what everyone may see).
     */
    productDetail: (slugOrId: string, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR) => productDetail(db, slugOrId, viewer),
    /**
     * The same, from a short in-memory cache (up to PRODUCT_CACHE_MS old): for product pages.
     * Anything that acts on stock (the bag, checkout) reads the database instead.
     */
    cachedProductDetail: cachedProductFor,
    /** Other products a product page suggests that `viewer` may see, from the listing's read model. */
    relatedProducts: (productId: number, count: number, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR) =>
      listing.related(productId, count, viewer),
    /**
     * Where a product, category or brand that had the address `path` is now (its slug changed), for
     * a page that found nothing there; null when none did (slug-redirects.ts).
     */
    movedTo: (kinds: readonly SlugRedirectKind[], path: string) => movedTo(db, kinds, path),
    /** The owner's information blocks (size guides, care, delivery), from memory. */
    customInformation,
    /** Drops cached catalogue reads; writers call it after their commit, and the stamp moves. */
    invalidate() {
      dropCached();
      watch.changed();
    },
    /**
     * Brings the catalogue's caches up to what the database holds (they are dropped when a write
     * elsewhere or the clock changed what the shop shows) and returns the stamp of that state.
     * Called once per request before anything reads the catalogue (server/app.ts, ADR 64).
     */
    follow: () => watch.follow(),
    /** The stamp as the request's follow() left it (the clock read again): what the page cache keys its pages by. */
    stamp: () => watch.stamp(),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { MAX_SUGGESTIONS } from "./listing/index.ts";
export { listingUrlInput, noFilters, parseListingParams, parseListingUrlInput } from "./listing/params.ts";
export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  checkListingRequest,
  fieldPath,
  type ListingInputIssue,
  type ListingRequestInput,
} from "./listing/request.ts";
export { compareSizes } from "./listing/size-order.ts";
export { RESULT_SORTS, type ListingRequest, type ListingResult, type ResultSort } from "./listing/types.ts";
export { cachedByKey } from "./product-cache.ts";
export { type ProductDetail, type ProductImageDetail, type ProductVariantDetail } from "./product-detail.ts";
export { MAX_SEARCH_LENGTH } from "./search-text.ts";
export { alertAskerAccess, isSellableTo, sellableTo } from "./sellable.ts";
export { stockShown } from "./stock-shown.ts";
