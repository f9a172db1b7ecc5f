// What the product editor's pages may share of this module (ADR 53, ADR 63): words, plain values
// and pure functions, no server code (what a page takes from here ships to the browser).

export { amountText, readAmount, type ReadAmount } from "./amounts.ts";
export { GTIN_LENGTHS, gtinProblem, isGtin } from "./gtin.ts";
import { slugOf as slugText } from "../../lib/slug.ts";

/*
 * A product's status (ADR 63), read from its row alone:
 * - `draft`: not published, not archived: only the back office sees it;
 * - `scheduled`: published with a publish_at still to come: on the shop from then;
 * - `published`: published, publish_at empty or past: on the shop (to whom: members_only/public_at);
 * - `archived`: archived_at set: off the shop for good (published is false), kept for its orders.
 */
export const PRODUCT_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_WORDS: Readonly<Record<ProductStatus, string>> = {
  draft: "Draft",
  published: "Published",
  scheduled: "Scheduled",
  archived: "Archived",
};

/** What a status reads of a product. Times: a Date, an ISO text or null. */
export interface StatusFacts {
  published: boolean;
  publishAt: Date | string | null;
  archivedAt: Date | string | null;
}

/** The product's status at `now` (milliseconds since the epoch). */
export function productStatusOf(product: StatusFacts, now: number = Date.now()): ProductStatus {
  if (product.archivedAt !== null) return "archived";
  if (!product.published) return "draft";
  if (product.publishAt !== null && new Date(product.publishAt).getTime() > now) return "scheduled";
  return "published";
}

/** What the editor's form offers: publish now, at a moment (in the shop's time zone), or keep as a draft. */
export const PUBLISH_CHOICES = ["now", "at", "draft"] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];

/**
 * The shop's time zone: the shop writes every date and time in UTC (app/lib/dates.ts), so a
 * moment typed in the editor is read in it too, and the form says so.
 */
export const SHOP_TIME_ZONE = "UTC";

/** Who may buy it (ADR 41): everyone; members only for good; members first, everyone from public_at. */
export const ACCESS_CHOICES = ["everyone", "members", "early"] as const;
export type AccessChoice = (typeof ACCESS_CHOICES)[number];

/** The longest slug; the shop's addresses stay readable. */
export const MAX_SLUG_LENGTH = 120;
/** A slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words the shop's addresses use after a category (/shop/<category>/sale, /brand/..., /sub/...):
 * a product with such a slug could never be opened. An all-digit slug would be read as a product's
 * id. Both are refused, and a slug made from a title avoids them.
 */
export const RESERVED_SLUGS: readonly string[] = ["sale", "brand", "sub"];

/** Whether `slug` can be a product's address: the pattern, not all digits, not a reserved word. */
export function slugUsable(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && !/^\d+$/.test(slug) && !RESERVED_SLUGS.includes(slug);
}

/** A slug made from a title: "Aero Grip Pro" -> "aero-grip-pro", accents dropped, "&" as "and" (lib/slug.ts). */
export function slugOf(title: string): string {
  return slugText(title, MAX_SLUG_LENGTH);
}

/** A product's page in the shop (app/routes.ts: shop/:category/:product). */
export function productPath(categorySlug: string, slug: string): string {
  return `/shop/${categorySlug}/${slug}`;
}

// What a product calls its option axes (ADR 74).
export { DEFAULT_OPTION_NAMES, MAX_OPTION_NAME, optionNamesOf, type OptionNames } from "../../lib/option-names.ts";

// How a product keeps several values of an attribute in one text (ADR 63, ADR 74): one place for all readers.
export { ATTRIBUTE_VALUE_SEPARATOR, joinAttributeValues, splitAttributeValues } from "../../lib/attribute-values.ts";

/** What a duplicate's name gets (ADR 63). */
export const COPY_SUFFIX = " (copy)";

/** Where an option's stock is changed: the stock page, on this product. */
export function stockPageOf(productId: number): string {
  return `/admin/stock?product=${productId}`;
}

/** The editor's address of a product. */
export function editorPathOf(productId: number): string {
  return `/admin/products/${productId}`;
}
