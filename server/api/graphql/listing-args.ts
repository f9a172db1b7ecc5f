import {
  checkListingRequest,
  fieldPath,
  type ListingRequestInput,
  RESULT_SORTS,
  type ListingRequest,
  type ResultSort,
} from "../../modules/catalog/index.ts";
import { badUserInput } from "./errors.ts";
import { sortEnumValue } from "./type-defs.ts";

/*
 * The listing arguments of `products` and `search` (ADR 33): mapped as they are onto the listing's
 * structured input (modules/catalog/listing/request.ts) and checked by its schema, the one the
 * pages and the shop API use too. A refusal is BAD_USER_INPUT naming the argument
 * (filters.sizes), which is the field's own path; prices are integer minor units, like every Money.
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

const SORT_OF_ENUM = new Map<string, ResultSort>(RESULT_SORTS.map((sort) => [sortEnumValue(sort), sort]));

/** GraphQL's null is "not given". */
const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The listing request the arguments ask for; throws a BAD_USER_INPUT error naming the argument.
 * `queryArgument` is what the search text is called in the field being resolved.
 */
export function toListingRequest(args: ListingArgs, queryArgument = "query"): ListingRequest {
  const scope = args.scope ?? {};
  const filters = args.filters ?? {};
  // No prototype: an attribute called "constructor" or "__proto__" is just a (bad) name.
  const attributes = Object.create(null) as Record<string, string[]>;
  for (const attribute of filters.attributes ?? []) (attributes[attribute.name] ??= []).push(...attribute.values);
  const input: ListingRequestInput = {
    scope: {
      category: given(scope.category),
      sub: given(scope.sub),
      brand: given(scope.brand),
      saleOnly: scope.saleOnly ?? false,
    },
    query: given(args.query),
    filters: {
      priceMin: given(filters.priceMin),
      priceMax: given(filters.priceMax),
      sizes: filters.sizes ?? [],
      colours: filters.colours ?? [],
      brands: filters.brands ?? [],
      subCategories: filters.subCategories ?? [],
      attributes,
      inStock: filters.inStock ?? false,
    },
    sort: args.sort == null ? undefined : (SORT_OF_ENUM.get(args.sort) ?? (args.sort as ResultSort)),
    page: given(args.page),
    pageSize: given(args.pageSize),
  };
  const checked = checkListingRequest(input);
  if ("request" in checked) return checked.request;
  const [{ path, rule }] = checked.issues as [{ path: string[]; rule: string }];
  if (path[0] === "filters" && path[1] === "attributes" && path[2] !== undefined) {
    return fail("filters.attributes", `filters.attributes[${path[2]}] ${rule}`);
  }
  const argument = path[0] === "query" ? queryArgument : fieldPath(path);
  return fail(argument, `${argument} ${rule}`);
}

function fail(argument: string, message: string): never {
  throw badUserInput(argument, message);
}
