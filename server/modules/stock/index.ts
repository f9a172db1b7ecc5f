import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import { adjustStock } from "./adjust.ts";
import { stockGrid } from "./grid.ts";
import { stockHistory } from "./history.ts";
import { LOW_STOCK_DEFAULT } from "./shared.ts";

export { moveStock, movementsInsert, takeStock } from "./move.ts";
export { ALIASED_OPTION, lowMarkOf, optionIn, productIdIn, productIn, productOptionsIn, productStockAggregates, type OptionStock } from "./low-stock.ts";
export type { MoveReason, Moved, StaleStock, StockMove, Take } from "./move.ts";
export type { Adjusted } from "./adjust.ts";
export type { StockGrid, StockRow } from "./grid.ts";
export type { MovementRow, StockHistory } from "./history.ts";
export type { StockAdjust, StockGridParams } from "./schemas.ts";
export * from "./shared.ts";

/**
 * Stock (issue 25 §2, ADR 66): every change of an option's stock is a movement with a reason and
 * who made it, written with the change (moveStock, takeStock: the orders and checkout modules
 * move stock through these). The back office's stock grid reads and saves here; a product's
 * history lists its movements. Use cases take the request's scope first and parse raw input.
 */
export interface StockDeps {
  /** Runs after a save commits: the shop's catalogue caches follow it (ADR 64). */
  catalogueChanged?: () => void;
  /** The shop's low-stock setting now (shop-settings, ADR 68, ADR 74); LOW_STOCK_DEFAULT without one. */
  lowStockAt?: (db: Scope["db"]) => Promise<number>;
}

export function createStock(deps: StockDeps = {}) {
  return {
    /** `raw`: { q?, category?, product?, stock?, page? } (stockGridInput), a page's search params. */
    grid: async (scope: Scope, raw: unknown = {}) =>
      stockGrid(scope, raw, deps.lowStockAt ? await deps.lowStockAt(scope.db) : LOW_STOCK_DEFAULT),
    /** A product's movements, newest first; PRODUCT_NOT_FOUND for no such product. */
    history: (scope: Scope, productId: unknown, page?: unknown) => stockHistory(scope, { productId, page }),
    /** `raw`: { reason, note?, rows: [{ variantId, was, count }] } (stockAdjustInput). */
    adjust: async (scope: StaffScope, raw: unknown) => {
      const adjusted = await adjustStock(scope, raw);
      // A product page shows "sold out" from its cache until told: a restock must show at once.
      deps.catalogueChanged?.();
      return adjusted;
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
