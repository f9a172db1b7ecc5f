import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../search-text.ts";
import { ListingParamError, RESULT_SORTS, type ListingFilters, type ResultSort } from "./types.ts";

/*
 * The listing's URL: q (search text), sort, page, price_min and price_max (whole currency units, such as 20 or
 * 19.99), repeatable size, colour, brand and sub, in_stock=1 and repeatable attr.<name>=<value>.
 * Pages read it leniently (a hand-edited or stale link still shows a listing, minus the bad
 * part); the API reads it strictly and names the first parameter it cannot understand.
 */

const MAX_VALUES = 50;
const MAX_ATTRIBUTES = 20;
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_-]{0,49}$/;
const ATTRIBUTE_NAME_RULE = "must be an attribute name such as cut";
const text = z.string().max(100, "is too long");
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as match-gloves");
const values = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(MAX_VALUES, `may be given at most ${MAX_VALUES} times`)
    .transform((list) => [...new Set(list)]);
const amount = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "must be an amount such as 20 or 19.99")
  // Whole currency units in the URL, integer minor units inside (a two-decimal currency).
  .transform((value) => Math.round(Number(value) * 100))
  .optional();

const listingParamsSchema = z
  .object({
    q: z.string().max(MAX_SEARCH_LENGTH, `is too long (at most ${MAX_SEARCH_LENGTH} characters)`).optional(),
    sort: z.enum(RESULT_SORTS, { error: `must be one of ${RESULT_SORTS.join(", ")}` }).optional(),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, "must be a whole number from 1")
      .transform(Number)
      .default(1),
    price_min: amount,
    price_max: amount,
    size: values(text),
    colour: values(text),
    brand: values(slug),
    sub: values(slug),
    in_stock: z.enum(["0", "1"], { error: "must be 1 or 0" }).optional(),
    attr: z.record(z.string().regex(ATTRIBUTE_NAME, ATTRIBUTE_NAME_RULE), values(text)),
  })
  .superRefine((params, context) => {
    if (params.price_min !== undefined && params.price_max !== undefined && params.price_max < params.price_min) {
      context.addIssue({ code: "custom", path: ["price_max"], message: "must not be below price_min" });
    }
  });

type RawParams = {
  q?: string;
  sort?: string;
  page?: string;
  price_min?: string;
  price_max?: string;
  size: string[];
  colour: string[];
  brand: string[];
  sub: string[];
  in_stock?: string;
  attr: Record<string, string[]>;
};

const SINGLE = ["q", "sort", "page", "price_min", "price_max", "in_stock"] as const;
const REPEATED = ["size", "colour", "brand", "sub"] as const;
const ATTRIBUTE_PREFIX = "attr.";

export interface ListingParams {
  /** The search text, trimmed; undefined when there is none. */
  query?: string;
  filters: ListingFilters;
  /** "relevance" by default when there is a query, "featured" otherwise. */
  sort: ResultSort;
  page: number;
}

export function parseListingParams(params: URLSearchParams, mode: "lenient" | "strict"): ListingParams {
  const raw = rawParams(params);
  // A search box has no length limit of its own: a page searches the start of a long text.
  if (mode === "lenient" && raw.q !== undefined) raw.q = raw.q.slice(0, MAX_SEARCH_LENGTH);
  // Checked before the schema, which would quietly skip a name such as __proto__.
  for (const name of Object.keys(raw.attr)) {
    if (ATTRIBUTE_NAME.test(name)) continue;
    if (mode === "strict")
      throw new ListingParamError(`${ATTRIBUTE_PREFIX}${name}`, `${ATTRIBUTE_PREFIX}${name} ${ATTRIBUTE_NAME_RULE}`);
    delete raw.attr[name];
  }
  const attributeNames = Object.keys(raw.attr);
  if (attributeNames.length > MAX_ATTRIBUTES) {
    if (mode === "strict") throw new ListingParamError("attr", `attr may name at most ${MAX_ATTRIBUTES} attributes`);
    for (const name of attributeNames.slice(MAX_ATTRIBUTES)) delete raw.attr[name];
  }
  let result = listingParamsSchema.safeParse(raw);
  // Lenient: drop everything that failed at once (last positions first, so earlier ones stay
  // valid) and read the rest; a round never leaves a failed value behind.
  while (!result.success) {
    const issues = result.error.issues;
    if (mode === "strict")
      throw new ListingParamError(paramName(issues[0]!.path), `${paramName(issues[0]!.path)} ${issues[0]!.message}`);
    const byPosition = [...issues].sort(
      (a, b) => Number(b.path[b.path.length - 1] ?? 0) - Number(a.path[a.path.length - 1] ?? 0),
    );
    for (const issue of byPosition) drop(raw, issue.path);
    result = listingParamsSchema.safeParse(raw);
  }
  const parsed = result.data;
  const query = parsed.q?.trim() || undefined;
  return {
    query,
    sort: parsed.sort ?? (query ? "relevance" : "featured"),
    page: parsed.page,
    filters: {
      priceMin: parsed.price_min,
      priceMax: parsed.price_max,
      sizes: parsed.size,
      colours: parsed.colour,
      brands: parsed.brand,
      subCategories: parsed.sub,
      attributes: parsed.attr,
      inStock: parsed.in_stock === "1",
    },
  };
}

function rawParams(params: URLSearchParams): RawParams {
  // An empty value is what a form sends for a field left blank: the same as no value.
  // No prototype: an attribute called "constructor" or "__proto__" is just a (bad) name.
  const raw: RawParams = { size: [], colour: [], brand: [], sub: [], attr: Object.create(null) as Record<string, string[]> };
  for (const name of SINGLE) {
    const value = params.get(name);
    if (value) raw[name] = value;
  }
  for (const name of REPEATED) raw[name] = params.getAll(name).filter(Boolean);
  for (const [key, value] of params) {
    if (!key.startsWith(ATTRIBUTE_PREFIX) || !value) continue;
    (raw.attr[key.slice(ATTRIBUTE_PREFIX.length)] ??= []).push(value);
  }
  return raw;
}

function paramName(path: PropertyKey[]): string {
  return path[0] === "attr" && path.length > 1 ? `${ATTRIBUTE_PREFIX}${String(path[1])}` : String(path[0]);
}

/** Removes the value at a failed issue's path: one entry of a list, or the whole parameter. */
function drop(raw: RawParams, path: PropertyKey[]) {
  const [name, ...rest] = path;
  if (name === "attr" && rest.length > 0) {
    const [attribute, position] = rest as [string, number | undefined];
    const list = raw.attr[attribute];
    if (position === undefined || !list || list.length <= 1) delete raw.attr[attribute];
    else list.splice(position, 1);
    return;
  }
  const key = name as keyof RawParams;
  const position = rest[0];
  const current = raw[key];
  if (Array.isArray(current)) {
    if (typeof position === "number") current.splice(position, 1);
    else raw[key as (typeof REPEATED)[number]] = [];
  } else if (key === "attr") {
    raw.attr = Object.create(null) as Record<string, string[]>;
  } else {
    delete raw[key];
  }
}

/** No filters at all: every product of the scope. */
export function noFilters(): ListingFilters {
  return { sizes: [], colours: [], brands: [], subCategories: [], attributes: {}, inStock: false };
}

/** A price as the URL writes it: whole currency units, with cents only when there are any. */
export function wholeUnits(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
