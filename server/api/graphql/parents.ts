import type { PublicUser } from "../../modules/accounts/index.ts";
import type { BrandSummary, ListingResult, ProductCard } from "../../modules/catalog/index.ts";
import type { OrderLineView } from "../../modules/customers/index.ts";

/*
 * The shapes resolvers hand on as parents where they are not a module's own type: the generated
 * resolver types (codegen.ts's mappers) say that a field of these GraphQL types receives them.
 */

/** The ProductPage type: the listing's result under GraphQL names. */
export interface ProductPageResult extends Omit<ListingResult, "products"> {
  items: ProductCard[];
  pageSize: number;
}

/** A price range in minor units; its fields make Money of them. */
export interface RangeParent {
  min: number;
  max: number;
}

/** An image as the catalogue stores it: its path is turned into addresses by Image.src. */
export interface ImageParent {
  path: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * A brand as a card (slug and name), a product (with its logo) or the brand list (with its story)
 * names it: what is not there is looked up by Brand's resolvers.
 */
export interface BrandParent extends Pick<BrandSummary, "slug" | "name"> {
  logoPath?: string | null;
  story?: string;
}

/** A sub-category as a product names it (no description) or as the category tree has it. */
export interface SubCategoryParent {
  slug: string;
  name: string;
  description?: string;
}

/** The session's user; its profile fields are as fresh as the session lookup of this request. */
export type CustomerParent = PublicUser & { picture?: string | null };

/** An order line with its order's currency, for its Money fields. */
export type LineParent = OrderLineView & { currency: string };
