import type { CatalogueIndex, IdLists, ProductColumns } from "./catalogue-index.ts";
import { productsInOrder, resolveScope, type ResolvedScope } from "./scope.ts";
import { foundInScope, type SearchHits } from "./search-hits.ts";
import { sizeGroup } from "./size-order.ts";
import type { FacetOption, ListingFacets, ListingFilters, ListingRequest, ListingResult } from "./types.ts";

/*
 * One pass over the scope's products (already in the requested order) filters them and counts
 * every facet. Facets are disjunctive: a group's counts apply every other group's filters but not
 * its own, so ticking "8" still shows how many products "9" would add. A product that fails no
 * group is a result and counts in every group; one that fails exactly one group counts only in
 * that group; one that fails two counts nowhere. So a call costs one loop and a few small arrays,
 * however many groups are active.
 */

const byName = new Intl.Collator("en");

// Filter groups, numbered so a product can say which single group it failed.
const PRICE = 0;
const SIZES = 1;
const COLOURS = 2;
const BRANDS = 3;
const SUBS = 4;
const IN_STOCK = 5;
const ATTRIBUTES = 6;

interface CompiledFilters {
  price: boolean;
  priceMin: number;
  priceMax: number;
  /** A mask over the ids of the group's dictionary, or null when the group is not filtered. */
  sizes: Uint8Array | null;
  colours: Uint8Array | null;
  brands: Uint8Array | null;
  subs: Uint8Array | null;
  inStock: boolean;
  /** One mask over all attribute values; each value belongs to one attribute name. */
  attributes: Uint8Array;
  /** How many attribute names are filtered, and the sum of their ids (see attributeFailures). */
  attributeGroups: number;
  attributeNameSum: number;
  /** Attribute name -> id; names the catalogue lacks get ids past its last name. */
  attributeNameIds: Map<string, number>;
}

/**
 * The listing the request asks for. With `hits` (the products a search found, see
 * search-hits.ts) only those are listed, and the facets offer and count only theirs.
 */
export function queryListing(index: CatalogueIndex, request: ListingRequest, hits?: SearchHits): ListingResult {
  let scope = resolveScope(index, request.scope);
  let ordered: Int32Array;
  if (hits) {
    const found = foundInScope(hits, scope);
    scope = { ...scope, view: found.view };
    ordered = request.sort === "relevance" ? found.byRelevance : productsInOrder(index, found.view, request.sort);
  } else {
    ordered = productsInOrder(index, scope.view, request.sort === "relevance" ? "featured" : request.sort);
  }
  const filters = compileFilters(index, scope, request.filters);
  const counts = {
    sizes: new Int32Array(index.sizes.length),
    colours: new Int32Array(index.colours.length),
    brands: new Int32Array(index.brands.length),
    subs: new Int32Array(index.subs.length),
    attributes: new Int32Array(index.attributeValues.length),
    inStock: 0,
  };
  const matches: number[] = [];
  const products = index.products;

  for (let k = 0; k < ordered.length; k++) {
    const i = ordered[k]!;
    let fails = 0;
    let failed = -1;
    if (filters.price && (products.price[i]! < filters.priceMin || products.price[i]! > filters.priceMax)) {
      fails++;
      failed = PRICE;
    }
    if (filters.sizes && !hasAny(products.sizes, i, filters.sizes)) {
      if (++fails > 1) continue;
      failed = SIZES;
    }
    if (filters.colours && !hasAny(products.colours, i, filters.colours)) {
      if (++fails > 1) continue;
      failed = COLOURS;
    }
    if (filters.brands && filters.brands[products.brand[i]!] !== 1) {
      if (++fails > 1) continue;
      failed = BRANDS;
    }
    if (filters.subs && (products.sub[i]! < 0 || filters.subs[products.sub[i]!] !== 1)) {
      if (++fails > 1) continue;
      failed = SUBS;
    }
    if (filters.inStock && products.inStock[i] !== 1) {
      if (++fails > 1) continue;
      failed = IN_STOCK;
    }
    if (filters.attributeGroups > 0) {
      const failedName = attributeFailures(index, i, filters);
      if (failedName !== null) {
        if (++fails > 1 || failedName < 0) continue;
        failed = ATTRIBUTES + failedName;
      }
    }
    if (fails === 0) {
      matches.push(i);
      countAll(products, i, counts);
    } else {
      countGroup(index, i, failed, counts);
    }
  }

  const pageSize = Math.max(1, Math.floor(request.pageSize));
  const pageCount = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(request.page) || 1), pageCount);
  const start = (page - 1) * pageSize;
  return {
    products: matches.slice(start, start + pageSize).map((i) => index.cards[i]!),
    total: matches.length,
    page,
    pageCount,
    facets: facetsOf(index, scope, request.filters, filters, counts),
  };
}

function hasAny(lists: IdLists, product: number, mask: Uint8Array): boolean {
  for (let k = lists.start[product]!; k < lists.start[product + 1]!; k++) if (mask[lists.ids[k]!] === 1) return true;
  return false;
}

/**
 * null when the product passes every filtered attribute; the id of the one attribute name it fails;
 * or -1 when it fails several. A product has at most one value per name, so the names it passes
 * are found from its values, and when exactly one filtered name is missing, the difference of the
 * id sums names it without a set.
 */
function attributeFailures(index: CatalogueIndex, product: number, filters: CompiledFilters): number | null {
  let passed = 0;
  let passedNameSum = 0;
  const { start, ids } = index.products.attributeValues;
  for (let k = start[product]!; k < start[product + 1]!; k++) {
    const value = ids[k]!;
    if (filters.attributes[value] === 1) {
      passed++;
      passedNameSum += index.attributeNameOf[value]!;
    }
  }
  const missing = filters.attributeGroups - passed;
  if (missing === 0) return null;
  return missing === 1 ? filters.attributeNameSum - passedNameSum : -1;
}

type Counts = {
  sizes: Int32Array;
  colours: Int32Array;
  brands: Int32Array;
  subs: Int32Array;
  attributes: Int32Array;
  inStock: number;
};

function countIds(lists: IdLists, product: number, counts: Int32Array) {
  for (let k = lists.start[product]!; k < lists.start[product + 1]!; k++) counts[lists.ids[k]!]!++;
}

function countAll(products: ProductColumns, i: number, counts: Counts) {
  countIds(products.sizes, i, counts.sizes);
  countIds(products.colours, i, counts.colours);
  countIds(products.attributeValues, i, counts.attributes);
  counts.brands[products.brand[i]!]!++;
  if (products.sub[i]! >= 0) counts.subs[products.sub[i]!]!++;
  if (products.inStock[i] === 1) counts.inStock++;
}

/** Counts a product that fails only `group` in that group's options. */
function countGroup(index: CatalogueIndex, i: number, group: number, counts: Counts) {
  const products = index.products;
  if (group === SIZES) countIds(products.sizes, i, counts.sizes);
  else if (group === COLOURS) countIds(products.colours, i, counts.colours);
  else if (group === BRANDS) counts.brands[products.brand[i]!]!++;
  else if (group === SUBS) {
    if (products.sub[i]! >= 0) counts.subs[products.sub[i]!]!++;
  } else if (group >= ATTRIBUTES) {
    const name = group - ATTRIBUTES;
    const { start, ids } = products.attributeValues;
    for (let k = start[i]!; k < start[i + 1]!; k++) if (index.attributeNameOf[ids[k]!] === name) counts.attributes[ids[k]!]!++;
  }
  // PRICE has no counted options (its facet is the scope's range); IN_STOCK's count is of
  // products in stock, which a product failing it is not.
}

function compileFilters(index: CatalogueIndex, scope: ResolvedScope, filters: ListingFilters): CompiledFilters {
  const attributes = new Uint8Array(index.attributeValues.length);
  const attributeNameIds = new Map(index.attributeNames.map((name, id) => [name, id]));
  let attributeGroups = 0;
  let attributeNameSum = 0;
  for (const [name, values] of Object.entries(filters.attributes)) {
    if (values.length === 0) continue;
    let nameId = attributeNameIds.get(name);
    if (nameId === undefined) attributeNameIds.set(name, (nameId = attributeNameIds.size));
    attributeGroups++;
    attributeNameSum += nameId;
    const valueIds = index.attributeValueIds.get(name);
    for (const value of values) {
      const id = valueIds?.get(value);
      if (id !== undefined) attributes[id] = 1;
    }
  }
  return {
    price: filters.priceMin !== undefined || filters.priceMax !== undefined,
    priceMin: filters.priceMin ?? Number.NEGATIVE_INFINITY,
    priceMax: filters.priceMax ?? Number.POSITIVE_INFINITY,
    sizes: mask(index.sizes.length, filters.sizes, (size) => [index.sizeIds.get(size)]),
    colours: mask(index.colours.length, filters.colours, (colour) => [index.colourIds.get(colour)]),
    brands: mask(index.brands.length, filters.brands, (slug) => [index.brandBySlug.get(slug)]),
    subs: mask(index.subs.length, filters.subCategories, (slug) =>
      // Within a category a slug names one sub-category; on a brand page, every sub of that slug.
      scope.category ? [scope.category.subBySlug.get(slug)] : index.subs.filter((s) => s.slug === slug).map((s) => s.id),
    ),
    inStock: filters.inStock,
    attributes,
    attributeGroups,
    attributeNameSum,
    attributeNameIds,
  };
}

/** A mask of the ids the values name, or null for no values; unknown values select nothing. */
function mask(size: number, values: string[], ids: (value: string) => (number | undefined)[]): Uint8Array | null {
  if (values.length === 0) return null;
  const selected = new Uint8Array(size);
  for (const value of values) for (const id of ids(value)) if (id !== undefined) selected[id] = 1;
  return selected;
}

function facetsOf(
  index: CatalogueIndex,
  scope: ResolvedScope,
  requested: ListingFilters,
  filters: CompiledFilters,
  counts: Counts,
): ListingFacets {
  const view = scope.view;
  const attributeNames = new Set([
    ...view.attributeValues.map((id) => index.attributeNames[index.attributeValues[id]!.name]!),
    ...Object.keys(requested.attributes).filter((name) => requested.attributes[name]!.length > 0),
  ]);
  return {
    price: view.price,
    // Unlike the other groups, sizes no product would give are left out (types.ts, ADR 81).
    sizes: options(
      view.sizes.filter((id) => counts.sizes[id]! > 0 || filters.sizes?.[id] === 1),
      (id) => ({ value: index.sizes[id]!, label: index.sizes[id]! }),
      counts.sizes,
      filters.sizes,
      requested.sizes,
    ).map(({ value, label, count, selected }) => ({ value, label, count, selected, group: sizeGroup(value) })),
    colours: options(
      view.colours,
      (id) => ({ value: index.colours[id]!.name, label: index.colours[id]!.name }),
      counts.colours,
      filters.colours,
      requested.colours,
    ).map(({ value, label, count, selected }) => ({
      value,
      label,
      count,
      selected,
      hex: index.colours[index.colourIds.get(value) ?? -1]?.hex ?? "",
    })),
    brands: scope.brand
      ? []
      : options(
          view.brands,
          (id) => ({ value: index.brands[id]!.slug, label: index.brands[id]!.name }),
          counts.brands,
          filters.brands,
          requested.brands,
        ),
    subCategories:
      scope.category && !scope.sub
        ? options(
            view.subs,
            (id) => ({ value: index.subs[id]!.slug, label: index.subs[id]!.name }),
            counts.subs,
            filters.subs,
            requested.subCategories,
          )
        : [],
    // In the owner's order (catalogue_attributes), then by key; named as the owner named them.
    attributes: [...attributeNames]
      .sort(
        (a, b) =>
          (index.attributeLabels.get(a)?.position ?? Infinity) - (index.attributeLabels.get(b)?.position ?? Infinity) ||
          byName.compare(a, b),
      )
      .map((name) => {
        const nameId = filters.attributeNameIds.get(name);
        return {
          name,
          label: index.attributeLabels.get(name)?.label ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " "),
          options: options(
            view.attributeValues.filter((id) => index.attributeNameOf[id] === nameId),
            (id) => ({ value: index.attributeValues[id]!.value, label: index.attributeValues[id]!.value }),
            counts.attributes,
            filters.attributes,
            requested.attributes[name] ?? [],
          ),
        };
      }),
    inStock: counts.inStock,
  };
}

/**
 * The options the scope has, in id order (which is display order), with their counts; options
 * counted 0 stay so the page can show them disabled. A selected value the scope lacks is added at
 * the end with 0, so the shopper can still untick it.
 */
function options(
  ids: number[],
  describe: (id: number) => { value: string; label: string },
  counts: Int32Array,
  selected: Uint8Array | null,
  requested: string[],
): FacetOption[] {
  // Plain literals, not spreads: spreading here made facets most of a small listing's cost.
  const result = ids.map((id): FacetOption => {
    const { value, label } = describe(id);
    return { value, label, count: counts[id]!, selected: selected?.[id] === 1 };
  });
  const present = new Set(result.map((option) => option.value));
  for (const value of requested) {
    if (!present.has(value)) {
      present.add(value);
      result.push({ value, label: value, count: 0, selected: true });
    }
  }
  return result;
}
