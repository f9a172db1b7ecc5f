import type { CatalogueIndex, IdLists, IndexedBrand, IndexedCategory, IndexedSub, ScopeView } from "./catalogue-index.ts";
import { unknownScope, type ListingScope, type ListingSort } from "./types.ts";

export interface ResolvedScope {
  category: IndexedCategory | undefined;
  sub: IndexedSub | undefined;
  brand: IndexedBrand | undefined;
  view: ScopeView;
}

/** Finds the scope's category, sub-category and brand (or throws UNKNOWN_SCOPE) and its view. */
export function resolveScope(index: CatalogueIndex, scope: ListingScope): ResolvedScope {
  const category = scope.category === undefined ? undefined : index.categories.get(scope.category);
  if (scope.category !== undefined && !category) throw unknownScope("category", scope.category);
  let sub: IndexedSub | undefined;
  if (scope.sub !== undefined) {
    // Sub-category slugs are unique only within their category, so a sub needs one.
    const id = category?.subBySlug.get(scope.sub);
    if (id === undefined) throw unknownScope("sub", scope.sub);
    sub = index.subs[id];
  }
  const brandId = scope.brand === undefined ? undefined : index.brandBySlug.get(scope.brand);
  if (scope.brand !== undefined && brandId === undefined) throw unknownScope("brand", scope.brand);
  const brand = brandId === undefined ? undefined : index.brands[brandId];
  const saleOnly = scope.saleOnly ?? false;

  const key = `${category?.id ?? ""}/${sub?.id ?? ""}/${brand?.id ?? ""}/${saleOnly}`;
  let view = index.scopeViews.get(key);
  if (!view) {
    view = buildView(index, scopeProducts(index, sub, category, brand, saleOnly));
    index.scopeViews.set(key, view);
  }
  return { category, sub, brand, view };
}

/** The scope's products in `sort` order, sorted on first use and kept. */
export function productsInOrder(index: CatalogueIndex, view: ScopeView, sort: ListingSort): Int32Array {
  let products = view.bySort.get(sort);
  if (!products) {
    const rank = index.ranks[sort];
    products = Int32Array.from(view.bySort.get("featured")!).sort((a, b) => rank[a]! - rank[b]!);
    view.bySort.set(sort, products);
  }
  return products;
}

function scopeProducts(
  index: CatalogueIndex,
  sub: IndexedSub | undefined,
  category: IndexedCategory | undefined,
  brand: IndexedBrand | undefined,
  saleOnly: boolean,
): Int32Array {
  // Start from the narrowest precomputed list and filter it by the rest of the scope.
  const base = sub?.products ?? category?.products ?? brand?.products;
  const candidates = base ?? Int32Array.from(index.cards.keys());
  const products = index.products;
  const kept = candidates.filter((i) => (!brand || products.brand[i] === brand.id) && (!saleOnly || products.onSale[i] === 1));
  const rank = index.ranks.featured;
  return kept.sort((a, b) => rank[a]! - rank[b]!);
}

/** What the scope's facets can offer, whatever the filters: the ids present and the price range. */
export function buildView(index: CatalogueIndex, products: Int32Array): ScopeView {
  const sizes = new Set<number>();
  const colours = new Set<number>();
  const brands = new Set<number>();
  const subs = new Set<number>();
  const attributeValues = new Set<number>();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const columns = index.products;
  const addIds = (target: Set<number>, lists: IdLists, i: number) => {
    for (let k = lists.start[i]!; k < lists.start[i + 1]!; k++) target.add(lists.ids[k]!);
  };
  for (const i of products) {
    addIds(sizes, columns.sizes, i);
    addIds(colours, columns.colours, i);
    addIds(attributeValues, columns.attributeValues, i);
    brands.add(columns.brand[i]!);
    if (columns.sub[i]! >= 0) subs.add(columns.sub[i]!);
    min = Math.min(min, columns.price[i]!);
    max = Math.max(max, columns.price[i]!);
  }
  const ascending = (ids: Set<number>) => [...ids].sort((a, b) => a - b);
  return {
    bySort: new Map([["featured", products]]),
    price: products.length > 0 ? { min, max } : null,
    sizes: ascending(sizes),
    colours: ascending(colours),
    brands: ascending(brands),
    subs: ascending(subs),
    attributeValues: ascending(attributeValues),
  };
}
