import { z } from "zod";
import { ListingParamError, RESULT_SORTS, type ListingRequest, type ResultSort } from "../../modules/catalog/listing/types.ts";
import { parseListingParams, wholeUnits } from "../../modules/catalog/listing/params.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../rest/products-query.ts";
import { badUserInput } from "./errors.ts";
import { sortEnumValue } from "./type-defs.ts";

/*
 * The listing arguments of `products` and `search`, read with the rules of the REST API
 * (server/api/rest/products-query.ts): the search text, filters, sort and page go through the
 * listing's own strict URL parser, so a value refused there is refused here, with the message
 * rewritten to name the GraphQL argument (filters.sizes rather than size). Prices are integer
 * minor units here, like every Money; the scope and page size have the REST API's rules.
 */

export interface ScopeArgs {
  category?: string | null;
  sub?: string | null;
  brand?: string | null;
  saleOnly?: boolean | null;
}

export interface FilterArgs {
  priceMin?: number | null;
  priceMax?: number | null;
  sizes?: string[] | null;
  colours?: string[] | null;
  brands?: string[] | null;
  subCategories?: string[] | null;
  attributes?: { name: string; values: string[] }[] | null;
  inStock?: boolean | null;
}

export interface ListingArgs {
  scope?: ScopeArgs | null;
  filters?: FilterArgs | null;
  sort?: string | null;
  page?: number | null;
  pageSize?: number | null;
  /** Search text: the listing shows only the products it finds. */
  query?: string | null;
}

/** The most a price filter may be: the URL's 9,999,999.99 in minor units. */
const MAX_PRICE = 999_999_999;

const slug = z
  .string()
  .max(100, "is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as match-gloves");

const scopeSchema = z
  .object({
    category: slug.nullish(),
    sub: slug.nullish(),
    brand: slug.nullish(),
    saleOnly: z.boolean().nullish(),
  })
  .superRefine((scope, context) => {
    if (scope.sub != null && scope.category == null) {
      context.addIssue({ code: "custom", path: ["sub"], message: "needs scope.category" });
    }
  });

const price = z
  .number()
  .int()
  .min(0, `must be an amount in minor units from 0 to ${MAX_PRICE}`)
  .max(MAX_PRICE, `must be an amount in minor units from 0 to ${MAX_PRICE}`)
  .nullish();

const pageSizeSchema = z
  .number()
  .int()
  .min(1, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .nullish();

/** URL parameter of the listing -> the GraphQL argument that carries it. */
const ARGUMENT_OF: Record<string, string> = {
  sort: "sort",
  page: "page",
  price_min: "filters.priceMin",
  price_max: "filters.priceMax",
  size: "filters.sizes",
  colour: "filters.colours",
  brand: "filters.brands",
  sub: "filters.subCategories",
  in_stock: "filters.inStock",
  attr: "filters.attributes",
};

const SORT_OF_ENUM = new Map<string, ResultSort>(RESULT_SORTS.map((sort) => [sortEnumValue(sort), sort]));

/**
 * The listing request the arguments ask for; throws a BAD_USER_INPUT error naming the argument.
 * `queryArgument` is what the search text is called in the field being resolved.
 */
export function toListingRequest(args: ListingArgs, queryArgument = "query"): ListingRequest {
  const scope = scopeSchema.safeParse(args.scope ?? {});
  if (!scope.success) {
    const issue = scope.error.issues[0]!;
    const argument = `scope.${String(issue.path[0])}`;
    throw badUserInput(argument, `${argument} ${issue.message}`);
  }
  const filters = args.filters ?? {};
  for (const name of ["priceMin", "priceMax"] as const) {
    const checked = price.safeParse(filters[name]);
    if (!checked.success) throw badUserInput(`filters.${name}`, `filters.${name} ${checked.error.issues[0]!.message}`);
  }
  const pageSize = pageSizeSchema.safeParse(args.pageSize);
  if (!pageSize.success) throw badUserInput("pageSize", `pageSize ${pageSize.error.issues[0]!.message}`);

  const parsed = parseFilters(filters, args, queryArgument);
  return {
    scope: {
      category: scope.data.category ?? undefined,
      sub: scope.data.sub ?? undefined,
      brand: scope.data.brand ?? undefined,
      saleOnly: scope.data.saleOnly ?? false,
    },
    filters: parsed.filters,
    sort: parsed.sort,
    page: parsed.page,
    pageSize: pageSize.data ?? DEFAULT_PAGE_SIZE,
    query: parsed.query,
  };
}

/** Search text, filters, sort and page through the listing's strict parser, as the REST API reads them. */
function parseFilters(filters: FilterArgs, args: ListingArgs, queryArgument: string) {
  const params = new URLSearchParams();
  if (args.query != null) params.set("q", args.query);
  if (args.sort != null) params.set("sort", SORT_OF_ENUM.get(args.sort) ?? args.sort);
  if (args.page != null) params.set("page", String(args.page));
  if (filters.priceMin != null) params.set("price_min", wholeUnits(filters.priceMin));
  if (filters.priceMax != null) params.set("price_max", wholeUnits(filters.priceMax));
  for (const size of filters.sizes ?? []) params.append("size", size);
  for (const colour of filters.colours ?? []) params.append("colour", colour);
  for (const brand of filters.brands ?? []) params.append("brand", brand);
  for (const sub of filters.subCategories ?? []) params.append("sub", sub);
  for (const attribute of filters.attributes ?? []) {
    for (const value of attribute.values) params.append(`attr.${attribute.name}`, value);
  }
  if (filters.inStock) params.set("in_stock", "1");
  try {
    return parseListingParams(params, "strict");
  } catch (error) {
    if (error instanceof ListingParamError) throw asArgumentError(error, queryArgument);
    throw error;
  }
}

function asArgumentError(error: ListingParamError, queryArgument: string): Error {
  const rule = error.message.startsWith(`${error.param} `) ? error.message.slice(error.param.length + 1) : error.message;
  // The rule may name another parameter ("must not be below price_min"): name its argument too.
  const text = rule.replace(/\b(price_min|price_max)\b/g, (name) => ARGUMENT_OF[name]!);
  if (error.param.startsWith("attr.")) {
    const name = error.param.slice("attr.".length);
    return badUserInput("filters.attributes", `filters.attributes[${name}] ${text}`);
  }
  const argument = error.param === "q" ? queryArgument : (ARGUMENT_OF[error.param] ?? error.param);
  return badUserInput(argument, `${argument} ${text}`);
}
