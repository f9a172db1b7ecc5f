import { listingUrlInput, parseListingUrlInput } from "../../modules/catalog/index.ts";
import type { ListingInputIssue, ListingRequest } from "../../modules/catalog/index.ts";
import { ValidationError } from "./errors.ts";

/*
 * GET /ecommerce/products reads the listing pages' parameters (the catalogue's URL mapping,
 * modules/catalog/listing/params.ts) strictly, plus the scope the pages take from their path:
 * category, sub, brand and sale, and page_size. All of it lands in the listing's structured input
 * and is checked by its one schema (ADR 33). With q, it lists what a search for that text finds,
 * best first unless sorted otherwise.
 *
 * `sub` and `brand` are both: given once they are the scope, as on /shop/{category}/sub/{sub} and
 * /brands/{brand} (an unknown one is a 404); given several times they filter the listing by any
 * of them, as the pages' facets do. `sub` always needs `category`, since sub-category slugs are
 * unique only within their category. Parameters the call does not know, and single-valued ones
 * given twice, are a 400 too: a typo must not silently widen the listing.
 */

const SINGLE = ["q", "sort", "page", "price_min", "price_max", "in_stock", "category", "sale", "page_size"] as const;
const REPEATED = ["size", "colour", "brand", "sub"] as const;
const KNOWN = new Set<string>([...SINGLE, ...REPEATED]);
const ATTRIBUTE_PREFIX = "attr.";

/** The listing request the query asks for; throws a 400 (INVALID_INPUT or ValidationError) naming the parameter. */
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
  const subs = params.getAll("sub").filter(Boolean);
  const brands = params.getAll("brand").filter(Boolean);
  const read = listingUrlInput(params);
  const issues: ListingInputIssue[] = [...read.issues];
  // One sub or brand is the scope; several filter the listing.
  if (subs.length === 1) read.input.filters!.subCategories = [];
  if (brands.length === 1) read.input.filters!.brands = [];
  const sale = single("sale");
  if (sale !== undefined && sale !== "0" && sale !== "1") issues.push({ path: ["scope", "saleOnly"], rule: "must be 1 or 0" });
  const pageSize = single("page_size");
  if (pageSize !== undefined && !/^\d{1,3}$/.test(pageSize))
    issues.push({ path: ["pageSize"], rule: "must be a whole number from 1 to 100" });
  read.input.scope = {
    category: single("category"),
    sub: subs.length === 1 ? subs[0] : undefined,
    brand: brands.length === 1 ? brands[0] : undefined,
    saleOnly: sale === "1",
  };
  read.input.pageSize = pageSize !== undefined && /^\d{1,3}$/.test(pageSize) ? Number(pageSize) : undefined;
  // Several subs filter within a category, as one sub is within one.
  if (subs.length > 1 && read.input.scope.category === undefined) issues.push({ path: ["scope", "sub"], rule: "needs category" });
  return parseListingUrlInput({ input: read.input, issues }, "strict");
}

function shorten(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}
