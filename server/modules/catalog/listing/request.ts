import { z } from "zod";
import { ShopError } from "../../../lib/shop-error.ts";
import { MAX_SEARCH_LENGTH } from "../search-text.ts";
import { RESULT_SORTS, type ListingFilters, type ListingRequest } from "./types.ts";

/*
 * The listing's input (ADR 33): one structured schema, owned here. GraphQL parses its arguments
 * with it; the pages and the shop API read the listing's URL (url.ts) into the same structure and
 * parse it with the same schema. Rules are written once; each adapter names a field in its own
 * terms (filters.sizes in GraphQL, size in a URL). Rules that name another field name it by its
 * path here (filters.priceMin), which adapters rename too.
 */

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** The most a price filter may be: 9,999,999.99 in minor units. */
export const MAX_PRICE = 999_999_999;
export const MAX_PAGE = 999_999;
/** The most values one filter (sizes, colours, ...) may list. */
export const MAX_VALUES = 50;
/** The most attributes a listing may filter by. */
export const MAX_ATTRIBUTES = 20;
export const ATTRIBUTE_NAME = /^[a-z][a-z0-9_-]{0,49}$/;
export const ATTRIBUTE_NAME_RULE = "must be an attribute name such as cut";

const text = z.string({ error: "must be text" }).max(100, "is too long");
const slug = z
  .string({ error: "must be text" })
  .max(100, "is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as match-gloves");
const values = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(MAX_VALUES, `may be given at most ${MAX_VALUES} times`)
    .transform((list) => [...new Set(list)])
    .default([]);
const price = z
  .number({ error: `must be an amount in minor units from 0 to ${MAX_PRICE}` })
  .int(`must be an amount in minor units from 0 to ${MAX_PRICE}`)
  .min(0, `must be an amount in minor units from 0 to ${MAX_PRICE}`)
  .max(MAX_PRICE, `must be an amount in minor units from 0 to ${MAX_PRICE}`)
  .optional();
const wholeNumber = (max: number, rule: string) => z.number({ error: rule }).int(rule).min(1, rule).max(max, rule);

export const listingRequestSchema = z
  .object({
    scope: z
      .object({ category: slug.optional(), sub: slug.optional(), brand: slug.optional(), saleOnly: z.boolean().default(false) })
      .superRefine((scope, context) => {
        if (scope.sub !== undefined && scope.category === undefined) {
          context.addIssue({ code: "custom", path: ["sub"], message: "needs scope.category" });
        }
      })
      .default({ saleOnly: false }),
    query: z.string().max(MAX_SEARCH_LENGTH, `is too long (at most ${MAX_SEARCH_LENGTH} characters)`).optional(),
    filters: z
      .object({
        priceMin: price,
        priceMax: price,
        sizes: values(text),
        colours: values(text),
        brands: values(slug),
        subCategories: values(slug),
        attributes: z.record(z.string().regex(ATTRIBUTE_NAME, ATTRIBUTE_NAME_RULE), values(text)).default({}),
        inStock: z.boolean().default(false),
      })
      .superRefine((filters, context) => {
        if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMax < filters.priceMin) {
          context.addIssue({ code: "custom", path: ["priceMax"], message: "must not be below filters.priceMin" });
        }
      })
      .default({ sizes: [], colours: [], brands: [], subCategories: [], attributes: {}, inStock: false }),
    sort: z.enum(RESULT_SORTS, { error: `must be one of ${RESULT_SORTS.join(", ")}` }).optional(),
    page: wholeNumber(MAX_PAGE, "must be a whole number from 1").default(1),
    pageSize: wholeNumber(MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
  })
  .transform((input): ListingRequest => {
    const query = input.query?.trim() || undefined;
    const { priceMin, priceMax, sizes, colours, brands, subCategories, attributes, inStock } = input.filters;
    const filters: ListingFilters = { priceMin, priceMax, sizes, colours, brands, subCategories, attributes, inStock };
    return {
      scope: input.scope,
      query,
      filters,
      sort: input.sort ?? (query ? "relevance" : "featured"),
      page: input.page,
      pageSize: input.pageSize,
    };
  });

export type ListingRequestInput = z.input<typeof listingRequestSchema>;

/** A failed rule: where (the field's path in the structure, attr names as filters.attributes.<name>) and which rule. */
export interface ListingInputIssue {
  path: string[];
  rule: string;
}

/**
 * The listing request, or every rule it breaks. Attribute names are checked before the schema
 * reads them: a name such as __proto__ would otherwise be skipped, or worse, set a prototype.
 */
export function checkListingRequest(raw: ListingRequestInput): { request: ListingRequest } | { issues: ListingInputIssue[] } {
  const attributes = raw.filters?.attributes ?? {};
  const names = Object.keys(attributes);
  const badName = names.find((name) => !ATTRIBUTE_NAME.test(name));
  if (badName !== undefined) return { issues: [{ path: ["filters", "attributes", badName], rule: ATTRIBUTE_NAME_RULE }] };
  if (names.length > MAX_ATTRIBUTES) {
    return { issues: [{ path: ["filters", "attributes"], rule: `may name at most ${MAX_ATTRIBUTES} attributes` }] };
  }
  const result = listingRequestSchema.safeParse(raw);
  if (result.success) return { request: result.data };
  return { issues: result.error.issues.map((issue) => ({ path: issue.path.map(String), rule: issue.message })) };
}

/** The listing request `raw` asks for; INVALID_INPUT naming the first field at fault by its path (filters.sizes). */
export function parseListingRequest(raw: ListingRequestInput): ListingRequest {
  const checked = checkListingRequest(raw);
  if ("request" in checked) return checked.request;
  const [first] = checked.issues;
  throw new ShopError("INVALID_INPUT", first!.rule, { field: fieldPath(first!.path) });
}

/** A path as one string: filters.sizes, filters.attributes.cut (a list's position is left out). */
export function fieldPath(path: readonly string[]): string {
  return path.filter((part) => !/^\d+$/.test(part)).join(".");
}
