import type { Db } from "../../../db/client.ts";
import { cachedRead } from "../../../lib/cached-read.ts";
import type { ProductCard } from "../product-cards.ts";
import { relatedProducts } from "../related-products.ts";
import { createProductSearch, type ProductSearch } from "../search.ts";
import { ANY_VISITOR, type Viewer } from "../sellable.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { readCatalogueRevision } from "./catalogue-reads.ts";
import { indexFor, loadCatalogueSnapshot, snapshotCurrent } from "./catalogue-snapshot.ts";
import { queryListing } from "./listing.ts";
import { searchHits, type SearchHits } from "./search-hits.ts";
import type { ListingRequest, ListingResult } from "./types.ts";

export { buildCatalogueIndex } from "./catalogue-index.ts";
export { buildSnapshotIndexes, loadCatalogueIndex } from "./catalogue-snapshot.ts";
export type { CatalogueIndex, CatalogueRows, ProductRow, VariantRow } from "./catalogue-index.ts";
export { queryListing } from "./listing.ts";
export { listingUrlInput, noFilters, parseListingParams, parseListingUrlInput, urlName, wholeUnits } from "./params.ts";
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, parseListingRequest, type ListingRequestInput } from "./request.ts";
export type { ListingParams } from "./params.ts";
export type { SearchHits } from "./search-hits.ts";
export * from "./types.ts";

/**
 * How long listings are computed from the same in-memory catalogue before the catalogue's revision
 * is checked (one single-row query). Only a changed revision re-reads the catalogue, in the
 * background: reading 20,000 products takes about 1.5 s on PGlite, during which the server is
 * stalled. An edit made by any process (another app process, the seed, SQL by hand) shows within
 * this time plus that re-read.
 */
export const CATALOGUE_CHECK_MS = 5_000;

/** How many listing answers are kept per catalogue snapshot. */
const KEPT_LISTINGS = 500;

/** The most suggestions one call gives. */
export const MAX_SUGGESTIONS = 20;

/**
 * Listings served from an in-memory read model of the catalogue: the first request loads it,
 * later ones reuse it; every cacheMs (CATALOGUE_CHECK_MS) a request has the catalogue's revision
 * checked, and when it has changed the read model is re-read in the background while the old one
 * is still served (see server/lib/cached-read.ts). invalidate() drops it at once, for writers.
 *
 * A request with a query lists only what the search finds (ranked ids from SQL, kept for a
 * while by the search), filtered, counted, sorted and paged by the same read model.
 *
 * Every read takes the viewer (ADR 41): viewers with early access list from a read model that
 * also holds members-only products, everyone else from one without those not yet public. A
 * snapshot also goes stale when its next members-only product becomes public, so that product
 * is listed for everyone within a check interval, with no catalogue write.
 */
export function createListing(db: Db, options: { cacheMs?: number; search?: ProductSearch } = {}) {
  const snapshot = cachedRead(() => loadCatalogueSnapshot(db), options.cacheMs ?? CATALOGUE_CHECK_MS, {
    stillCurrent: async (loaded) => snapshotCurrent(loaded, await readCatalogueRevision(db)),
  });
  const catalogue = async (viewer: Pick<Viewer, "earlyAccess">) => indexFor(await snapshot(), viewer);
  const search = options.search ?? createProductSearch(db);
  // Per read model, keyed by the search's cached id list, so a search's positions live as long as its ids do.
  const hitsByIds = new WeakMap<CatalogueIndex, WeakMap<readonly number[], SearchHits>>();
  // The read model the search's kept answers were made beside. When the catalogue changes the
  // search starts afresh too, so a product added or renamed is found within a check interval,
  // not only once the search's own answers expire.
  let searchedIndex: CatalogueIndex | undefined;

  const found = async (text: string, viewer: Pick<Viewer, "earlyAccess">): Promise<SearchHits> => {
    const loaded = await snapshot();
    // Everyone's read model stands for the snapshot: the early-access one is replaced with it.
    if (loaded.index !== searchedIndex) {
      if (searchedIndex !== undefined) search.invalidate();
      searchedIndex = loaded.index;
    }
    const index = indexFor(loaded, viewer);
    const ids = await search.rankedIds(text);
    let byIds = hitsByIds.get(index);
    if (!byIds) hitsByIds.set(index, (byIds = new WeakMap()));
    let hits = byIds.get(ids);
    if (!hits) {
      hits = searchHits(index, ids);
      byIds.set(ids, hits);
    }
    return hits;
  };

  // A listing is a pure function of the catalogue snapshot and the request: the answers to the
  // most asked requests are kept with their snapshot and go when it is replaced.
  const answers = new WeakMap<CatalogueIndex, Map<string, ListingResult>>();
  const listed = (index: CatalogueIndex, request: ListingRequest): ListingResult => {
    let kept = answers.get(index);
    if (!kept) answers.set(index, (kept = new Map()));
    const key = JSON.stringify([request.scope, request.filters, request.sort, request.page, request.pageSize]);
    const known = kept.get(key);
    if (known) {
      // Most recently used last, so the oldest go first.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const result = queryListing(index, request);
    kept.set(key, result);
    if (kept.size > KEPT_LISTINGS) kept.delete(kept.keys().next().value!);
    return result;
  };

  return {
    /**
     * A listing of what `viewer` may see (default: what everyone may); the result is shared
     * between callers and must not be changed.
     */
    async list(request: ListingRequest, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR): Promise<ListingResult> {
      if (!request.query?.trim()) return listed(await catalogue(viewer), request);
      const hits = await found(request.query, viewer);
      return queryListing(hits.index, request, hits);
    },
    /** The best matches for a text as it is being typed, for the search box; none for a blank text. */
    async suggest(text: string, limit: number, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR): Promise<ProductCard[]> {
      const count = Number.isFinite(limit) ? Math.min(Math.max(Math.floor(limit), 0), MAX_SUGGESTIONS) : 0;
      if (!text.trim() || count === 0) return [];
      const hits = await found(text, viewer);
      return Array.from(hits.byRelevance.subarray(0, count), (i) => hits.index.cards[i]!);
    },
    /** Up to `count` products like this one that `viewer` may see, from the same read model (see related-products.ts). */
    async related(productId: number, count: number, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR): Promise<ProductCard[]> {
      return relatedProducts(await catalogue(viewer), productId, count);
    },
    invalidate(): void {
      snapshot.invalidate();
      search.invalidate();
    },
  };
}

export type Listing = ReturnType<typeof createListing>;
