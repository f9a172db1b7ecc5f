import { ShopError } from "../../../lib/shop-error.ts";
import type { ProductCard } from "../product-cards.ts";
import type { SizeGroup } from "./size-order.ts";

/** Which part of the catalogue a listing shows (the path of the page, or the API's scope). */
export interface ListingScope {
  /** A top-level category's slug. */
  category?: string;
  /** A sub-category's slug; needs `category`. */
  sub?: string;
  /** A brand's slug (the /brands/{slug} page, or /shop/{category}/brand/{brand}). */
  brand?: string;
  /** Only products on sale (compare-at price above price). */
  saleOnly?: boolean;
}

export const LISTING_SORTS = ["featured", "newest", "price-asc", "price-desc", "name"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/**
 * A request may also ask for "relevance": the best search match first, the default when there is
 * a query; without a query it is the featured order.
 */
export const RESULT_SORTS = ["relevance", ...LISTING_SORTS] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

/** The visitor's filters; all optional, combined with AND across groups and OR within a group. */
export interface ListingFilters {
  /** Inclusive bounds, integer minor units, compared with a product's lowest price. */
  priceMin?: number;
  priceMax?: number;
  /** A product matches when one of its variants has one of these sizes. */
  sizes: string[];
  /** Colour names; a product matches when one of its variants has one of these colours. */
  colours: string[];
  /** Brand slugs. */
  brands: string[];
  /** Sub-category slugs (within the scope's category). */
  subCategories: string[];
  /** Attribute name -> accepted values, such as { cut: ["Negative", "Hybrid"] }. */
  attributes: Record<string, string[]>;
  /** Only products with at least one variant in stock. */
  inStock: boolean;
}

export interface ListingRequest {
  scope: ListingScope;
  /** Search text: only the products it finds, within the scope (see ../search.ts). Blank is no search. */
  query?: string;
  filters: ListingFilters;
  sort: ResultSort;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** One choice of a filter group, with how many products it would give with the other groups' filters. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

/** A size to filter by, with the list it belongs in (size-order.ts). */
export interface SizeFacetOption extends FacetOption {
  group: SizeGroup;
}

export interface ListingFacets {
  /** The lowest and highest product price in the scope (minor units), for the price slider's bounds. */
  price: { min: number; max: number } | null;
  /**
   * Only sizes some product would give with the other groups' filters (and any ticked one): a
   * catalogue of gloves, kits and boots has dozens, and a shopper should not read a list of
   * sizes nothing on the page comes in (issue 27). In size order, so each group is one run.
   */
  sizes: SizeFacetOption[];
  colours: (FacetOption & { hex: string })[];
  brands: FacetOption[];
  subCategories: FacetOption[];
  /** `name`: the key products and the address use; `label`: what shoppers read. */
  attributes: { name: string; label: string; options: FacetOption[] }[];
  /** How many products have stock, given the other filters. */
  inStock: number;
}

export interface ListingResult {
  products: ProductCard[];
  /** Products matching scope and filters, over all pages. */
  total: number;
  page: number;
  pageCount: number;
  facets: ListingFacets;
}

/** The scope names a category, sub-category or brand that does not exist: the page is a 404. */
export const unknownScope = (field: "category" | "sub" | "brand", slug: string) =>
  new ShopError("UNKNOWN_SCOPE", `Unknown ${field}: ${slug}`, { details: { param: field, value: slug } });

/** No filters at all: every product of the scope. */
export function noFilters(): ListingFilters {
  return { sizes: [], colours: [], brands: [], subCategories: [], attributes: {}, inStock: false };
}

/** A price as the URL writes it: whole currency units, with cents only when there are any. */
export function wholeUnits(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
