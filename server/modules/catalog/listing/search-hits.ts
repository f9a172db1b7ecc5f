import type { CatalogueIndex, ScopeView } from "./catalogue-index.ts";
import { buildView, type ResolvedScope } from "./scope.ts";

/*
 * A search's products (ranked ids from ../search.ts) as positions in the read model, so that a
 * listing can filter, count, sort and page them like any scope. Built once per search and read
 * model, and reused for every page, filter and sort of the same search.
 */

export interface SearchHits {
  /** The read model the positions refer to. */
  index: CatalogueIndex;
  /** Positions of the products found, best first; ids the read model lacks are left out. */
  byRelevance: Int32Array;
  /** found[i] is 1 when product i was found. */
  found: Uint8Array;
  /** Per scope view: the found products of that scope. */
  scopes: Map<ScopeView, FoundInScope>;
}

export interface FoundInScope {
  /** The found products of the scope as a view of their own: their facets, price range and sorts. */
  view: ScopeView;
  byRelevance: Int32Array;
}

const positionsById = new WeakMap<CatalogueIndex, Map<number, number>>();

export function searchHits(index: CatalogueIndex, ids: readonly number[]): SearchHits {
  let positions = positionsById.get(index);
  if (!positions) {
    positions = new Map(index.cards.map((card, i) => [card.id, i]));
    positionsById.set(index, positions);
  }
  const found = new Uint8Array(index.cards.length);
  const byRelevance: number[] = [];
  for (const id of ids) {
    const i = positions.get(id);
    // The read model and the search are refreshed apart, so either may be the older: a product the
    // read model lacks is not shown.
    if (i === undefined || found[i] === 1) continue;
    found[i] = 1;
    byRelevance.push(i);
  }
  return { index, byRelevance: Int32Array.from(byRelevance), found, scopes: new Map() };
}

/** The found products within a resolved scope (the whole catalogue, a category, a brand...). */
export function foundInScope(hits: SearchHits, scope: ResolvedScope): FoundInScope {
  let result = hits.scopes.get(scope.view);
  if (!result) {
    // The scope's featured order is every sort's starting point, as for a plain scope.
    const scopeProducts = scope.view.bySort.get("featured")!;
    const inScope = new Uint8Array(hits.found.length);
    for (const i of scopeProducts) inScope[i] = 1;
    result = {
      view: buildView(
        hits.index,
        scopeProducts.filter((i) => hits.found[i] === 1),
      ),
      byRelevance: hits.byRelevance.filter((i) => inScope[i] === 1),
    };
    hits.scopes.set(scope.view, result);
  }
  return result;
}
