import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { demandInput, paramsOf, type DemandParams } from "./schemas.ts";
import { PAGE_SIZE } from "./shared.ts";
import { wantedOptions, wantedProducts, type WantedOptionRow, type WantedProductRow } from "./wanted.ts";

/** A product on the demand page: its waiting requests in all, and each wanted option's. */
export interface DemandProduct extends WantedProductRow {
  /** Its wanted options, most wanted first. */
  wanted: WantedOptionRow[];
}

export interface DemandPage {
  rows: DemandProduct[];
  /** Products with a wanted option. */
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: DemandParams;
}

/**
 * Back-in-stock demand (issue 26 §5, ADR 77): the products whose sold-out options shoppers wait
 * for, most wanted first (or by the longest wait), 50 a page, each with its options. The figures
 * are the dashboard's "most wanted" queue's, from the one query of wanted.ts.
 */
export async function demandList(scope: Scope, raw: unknown = {}): Promise<DemandPage> {
  const params = parseInput(demandInput, paramsOf(raw));
  const { rows, total } = await wantedProducts(scope.db, {
    sort: params.sort,
    dir: params.dir,
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
  });
  const options = await wantedOptions(scope.db, { productIds: rows.map((row) => row.productId) });
  return {
    rows: rows.map((row) => ({ ...row, wanted: options.filter((option) => option.productId === row.productId) })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
  };
}
