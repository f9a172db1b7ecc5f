import { z } from "zod";
import { parseListingParams } from "../../modules/catalog/listing/params.ts";
import type { ListingRequest } from "../../modules/catalog/listing/types.ts";
import { ValidationError } from "./errors.ts";

/*
 * GET /ecommerce/products reads the listing pages' parameters strictly (parseListingParams) plus
 * the scope the pages take from their path: category, sub, brand and sale, and page_size. With
 * q, it lists what a search for that text finds, best first unless sorted otherwise.
 *
 * `sub` and `brand` are both: given once they are the scope, as on /shop/{category}/sub/{sub} and
 * /brands/{brand} (an unknown one is a 404); given several times they filter the listing by any
 * of them, as the pages' facets do. `sub` always needs `category`, since sub-category slugs are
 * unique only within their category. Parameters the call does not know, and single-valued ones
 * given twice, are a 400 too: a typo must not silently widen the listing.
 */

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

const SINGLE = ["q", "sort", "page", "price_min", "price_max", "in_stock", "category", "sale", "page_size"] as const;
const REPEATED = ["size", "colour", "brand", "sub"] as const;
const KNOWN = new Set<string>([...SINGLE, ...REPEATED]);
const ATTRIBUTE_PREFIX = "attr.";

const slug = z
  .string()
  .max(100, "is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as match-gloves");

const productsScopeSchema = z
  .object({
    category: slug.optional(),
    sub: z.array(slug).max(50, "may be given at most 50 times"),
    brand: z.array(slug).max(50, "may be given at most 50 times"),
    sale: z.enum(["0", "1"], { error: "must be 1 or 0" }).optional(),
    page_size: z
      .string()
      .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .transform(Number)
      .refine((size) => size >= 1 && size <= MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((scope, context) => {
    if (scope.sub.length > 0 && scope.category === undefined) {
      context.addIssue({ code: "custom", path: ["sub"], message: "needs category" });
    }
  });

/** The listing request the query asks for; throws ValidationError or ListingParamError naming the parameter. */
export function parseProductsQuery(params: URLSearchParams): ListingRequest {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!KNOWN.has(key) && !key.startsWith(ATTRIBUTE_PREFIX)) {
      throw new ValidationError(shorten(key), `${shorten(key)} is not a parameter of this call`);
    }
    if ((SINGLE as readonly string[]).includes(key) && seen.has(key)) {
      throw new ValidationError(key, `${key} may be given once`);
    }
    seen.add(key);
  }

  // An empty value is what a form sends for a field left blank: the same as no value.
  const single = (name: string) => params.get(name) || undefined;
  const result = productsScopeSchema.safeParse({
    category: single("category"),
    sub: params.getAll("sub").filter(Boolean),
    brand: params.getAll("brand").filter(Boolean),
    sale: single("sale"),
    page_size: single("page_size"),
  });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const param = String(issue.path[0]);
    throw new ValidationError(param, `${param} ${issue.message}`);
  }
  const scope = result.data;

  const listingParams = new URLSearchParams(params);
  for (const name of ["category", "sale", "page_size"]) listingParams.delete(name);
  const subScope = scope.sub.length === 1 ? scope.sub[0] : undefined;
  const brandScope = scope.brand.length === 1 ? scope.brand[0] : undefined;
  if (subScope !== undefined) listingParams.delete("sub");
  if (brandScope !== undefined) listingParams.delete("brand");
  const { query, filters, sort, page } = parseListingParams(listingParams, "strict");

  return {
    scope: { category: scope.category, sub: subScope, brand: brandScope, saleOnly: scope.sale === "1" },
    query,
    filters,
    sort,
    page,
    pageSize: scope.page_size,
  };
}

function shorten(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}
