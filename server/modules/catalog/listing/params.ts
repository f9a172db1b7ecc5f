import { ShopError } from "../../../lib/shop-error.ts";
import { MAX_SEARCH_LENGTH } from "../search-text.ts";
import { checkListingRequest, MAX_ATTRIBUTES, type ListingInputIssue, type ListingRequestInput } from "./request.ts";
import type { ListingFilters, ListingRequest, ResultSort } from "./types.ts";

export { noFilters, wholeUnits } from "./types.ts";

/*
 * The listing's URL (ADR 33): q (search text), sort, page, price_min and price_max (whole currency
 * units, such as 20 or 19.99), repeatable size, colour, brand and sub, in_stock=1 and repeatable
 * attr.<name>=<value>. This file is the one mapping between that URL and the listing's structured
 * input (request.ts), whose schema holds the rules. Pages read the URL leniently (a hand-edited or
 * stale link still shows a listing, minus the bad part); the shop API strictly, naming the first
 * parameter it cannot understand (INVALID_INPUT, field = the parameter).
 */

const ATTRIBUTE_PREFIX = "attr.";
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const PAGE = /^[1-9]\d{0,5}$/;

/** The URL's parameter for each field of the structure, and back. */
const URL_NAMES: Record<string, string> = {
  query: "q",
  sort: "sort",
  page: "page",
  pageSize: "page_size",
  "filters.priceMin": "price_min",
  "filters.priceMax": "price_max",
  "filters.sizes": "size",
  "filters.colours": "colour",
  "filters.brands": "brand",
  "filters.subCategories": "sub",
  "filters.inStock": "in_stock",
  "filters.attributes": "attr",
  "scope.category": "category",
  "scope.sub": "sub",
  "scope.brand": "brand",
  "scope.saleOnly": "sale",
};

/** The URL parameter a field of the listing's structure is written as (attr.cut for filters.attributes.cut). */
export function urlName(path: readonly string[]): string {
  const fields = path.filter((part) => !/^\d+$/.test(part));
  if (fields[0] === "filters" && fields[1] === "attributes" && fields[2] !== undefined) return `${ATTRIBUTE_PREFIX}${fields[2]}`;
  return URL_NAMES[fields.join(".")] ?? fields.join(".");
}

/** A rule as the URL says it: fields it names (filters.priceMin) by their parameters (price_min). */
function urlRule(rule: string): string {
  return rule.replace(/\b(?:filters|scope)\.\w+\b/g, (field) => URL_NAMES[field] ?? field);
}

export interface ListingParams {
  /** The search text, trimmed; undefined when there is none. */
  query?: string;
  filters: ListingFilters;
  /** "relevance" by default when there is a query, "featured" otherwise. */
  sort: ResultSort;
  page: number;
}

/**
 * The structured input the URL's listing parameters write (what it cannot even read as a value:
 * a page that is not a number, an amount that is not one, in the issues). Empty values are what a
 * form sends for a field left blank: the same as none.
 */
export function listingUrlInput(params: URLSearchParams): { input: ListingRequestInput; issues: ListingInputIssue[] } {
  const issues: ListingInputIssue[] = [];
  const single = (name: string) => params.get(name) || undefined;
  const many = (name: string) => params.getAll(name).filter(Boolean);
  const readAmount = (name: string, field: "priceMin" | "priceMax") => {
    const value = single(name);
    if (value === undefined) return undefined;
    // Whole currency units in the URL, integer minor units inside (a two-decimal currency).
    if (AMOUNT.test(value)) return Math.round(Number(value) * 100);
    issues.push({ path: ["filters", field], rule: "must be an amount such as 20 or 19.99" });
    return undefined;
  };
  const page = single("page");
  if (page !== undefined && !PAGE.test(page)) issues.push({ path: ["page"], rule: "must be a whole number from 1" });
  const inStock = single("in_stock");
  if (inStock !== undefined && inStock !== "0" && inStock !== "1")
    issues.push({ path: ["filters", "inStock"], rule: "must be 1 or 0" });
  // No prototype: an attribute called "constructor" or "__proto__" is just a (bad) name.
  const attributes = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of params) {
    if (key.startsWith(ATTRIBUTE_PREFIX) && value) (attributes[key.slice(ATTRIBUTE_PREFIX.length)] ??= []).push(value);
  }
  const input: ListingRequestInput = {
    query: single("q"),
    sort: single("sort") as ResultSort | undefined,
    page: page !== undefined && PAGE.test(page) ? Number(page) : undefined,
    filters: {
      priceMin: readAmount("price_min", "priceMin"),
      priceMax: readAmount("price_max", "priceMax"),
      sizes: many("size"),
      colours: many("colour"),
      brands: many("brand"),
      subCategories: many("sub"),
      attributes,
      inStock: inStock === "1",
    },
  };
  return { input, issues };
}

/**
 * The listing request of structured input read from a URL: strictly (the first rule broken is
 * INVALID_INPUT naming the URL's parameter) or leniently (what breaks a rule is left out).
 */
export function parseListingUrlInput(
  read: { input: ListingRequestInput; issues: ListingInputIssue[] },
  mode: "lenient" | "strict",
): ListingRequest {
  const { input } = read;
  let issues = read.issues;
  if (mode === "lenient") {
    // A search box has no length limit of its own: a page searches the start of a long text.
    if (input.query !== undefined) input.query = input.query.slice(0, MAX_SEARCH_LENGTH);
    const names = Object.keys(input.filters?.attributes ?? {});
    for (const name of names.slice(MAX_ATTRIBUTES)) delete input.filters!.attributes![name];
  }
  if (mode === "strict") {
    const checked = checkListingRequest(input);
    const all = [...issues, ...("issues" in checked ? checked.issues : [])];
    // The first in the URL's order of parameters, whichever check found it.
    const first = all.sort((a, b) => urlOrder(a) - urlOrder(b))[0];
    if (first) throw urlError(first);
    return (checked as { request: ListingRequest }).request;
  }
  for (let round = 0; ; round++) {
    // A rule that leaving values out cannot satisfy would be a bug: then the listing is unfiltered.
    if (round > 20) return parseListingUrlInput({ input: { page: input.page }, issues: [] }, mode);
    if (issues.length > 0) {
      // Everything that failed at once goes (last positions first, so earlier ones stay valid).
      for (const issue of [...issues].sort((a, b) => position(b) - position(a))) leaveOut(input, issue.path);
    }
    const checked = checkListingRequest(input);
    if ("request" in checked) return checked.request;
    issues = checked.issues;
  }
}

/** The listing request (search text, filters, sort and page) a listing page's URL asks for. */
export function parseListingParams(params: URLSearchParams, mode: "lenient" | "strict"): ListingParams {
  const { query, filters, sort, page } = parseListingUrlInput(listingUrlInput(params), mode);
  return { query, filters, sort, page };
}

const URL_ORDER = [
  "category",
  "sub",
  "brand",
  "sale",
  "page_size",
  "q",
  "sort",
  "page",
  "price_min",
  "price_max",
  "size",
  "colour",
  "in_stock",
  "attr",
];

function urlOrder(issue: ListingInputIssue): number {
  const name = urlName(issue.path);
  const at = URL_ORDER.indexOf(name.startsWith(ATTRIBUTE_PREFIX) ? "attr" : name);
  return at === -1 ? URL_ORDER.length : at;
}

function urlError(issue: ListingInputIssue): ShopError {
  const name = urlName(issue.path);
  return new ShopError("INVALID_INPUT", `${name} ${urlRule(issue.rule)}`, { field: name });
}

function position(issue: ListingInputIssue): number {
  const last = issue.path.at(-1);
  return last !== undefined && /^\d+$/.test(last) ? Number(last) : -1;
}

/** Leaves out the value at a failed rule's path: one entry of a list, or the whole field. */
function leaveOut(input: ListingRequestInput, path: readonly string[]) {
  const [first, second, third, fourth] = path;
  const filters = (input.filters ??= {}) as Record<string, unknown>;
  if (first === "filters" && second === "attributes") {
    const attributes = filters.attributes as Record<string, string[]>;
    if (third === undefined) {
      filters.attributes = Object.create(null) as Record<string, string[]>;
      return;
    }
    const list = attributes[third];
    if (fourth === undefined || !list || list.length <= 1) delete attributes[third];
    else list.splice(Number(fourth), 1);
    return;
  }
  if (first === "filters" && second !== undefined) {
    const current = filters[second];
    if (Array.isArray(current) && third !== undefined) current.splice(Number(third), 1);
    else delete filters[second];
    return;
  }
  if (first === "scope" && second !== undefined) {
    delete (input.scope as Record<string, unknown> | undefined)?.[second];
    return;
  }
  if (first !== undefined) delete (input as Record<string, unknown>)[first];
}
