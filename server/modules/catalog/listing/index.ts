import type { Db } from "../../../db/client.ts";
import { cachedRead } from "../../../lib/cached-read.ts";
import { loadCatalogueIndex } from "./catalogue-index.ts";
import { queryListing } from "./listing.ts";
import type { ListingRequest, ListingResult } from "./types.ts";

export { buildCatalogueIndex, loadCatalogueIndex } from "./catalogue-index.ts";
export type { CatalogueIndex, CatalogueRows, ProductRow, VariantRow } from "./catalogue-index.ts";
export { queryListing } from "./listing.ts";
export { noFilters, parseListingParams, wholeUnits } from "./params.ts";
export type { ListingParams } from "./params.ts";
export * from "./types.ts";

/**
 * How long listings are computed from the same in-memory catalogue before it is re-read in the
 * background. Reading 20,000 products takes about 1.5 s on PGlite, so not per request; an
 * owner's edit made by another process shows within this time.
 */
export const LISTING_CACHE_MS = 60_000;

/**
 * Listings served from an in-memory read model of the catalogue: the first request loads it,
 * later ones reuse it, and it is refreshed in the background once older than cacheMs
 * (stale-while-revalidate, see server/lib/cached-read.ts). invalidate() drops it for writers.
 */
export function createListing(db: Db, options: { cacheMs?: number } = {}) {
  const catalogue = cachedRead(() => loadCatalogueIndex(db), options.cacheMs ?? LISTING_CACHE_MS);
  return {
    async list(request: ListingRequest): Promise<ListingResult> {
      return queryListing(await catalogue(), request);
    },
    invalidate(): void {
      catalogue.invalidate();
    },
  };
}

export type Listing = ReturnType<typeof createListing>;
