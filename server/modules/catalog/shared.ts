// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export {
  LISTING_SORTS,
  noFilters,
  RESULT_SORTS,
  wholeUnits,
  type FacetOption,
  type ListingFacets,
  type ListingFilters,
  type ListingResult,
  type ListingScope,
  type ResultSort,
  type SizeFacetOption,
} from "./listing/types.ts";
export { SIZE_GROUP_LABELS, type SizeGroup } from "./listing/size-order.ts";
export { MAX_SEARCH_LENGTH } from "./search-text.ts";
export { LOW_STOCK } from "./stock-shown.ts";
export type { ProductDetail, ProductImageDetail, ProductVariantDetail } from "./product-detail.ts";
