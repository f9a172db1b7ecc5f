// What pages may share of the stock module (ADR 53): plain values, types and pure functions.

/** Why an option's stock changed (the table's reasons, ADR 66). */
export const STOCK_REASONS = ["received", "counted", "damaged", "returned", "order", "cancel", "import"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons staff give for a count typed into the stock grid; the others are the shop's own. */
export const ADJUST_REASONS = ["received", "counted", "damaged", "returned"] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

export const STOCK_REASON_WORDS: Readonly<Record<StockReason, string>> = {
  received: "Received",
  counted: "Counted",
  damaged: "Damaged",
  returned: "Returned",
  order: "Order",
  cancel: "Order cancelled",
  import: "Import",
};

/** An option's stock against its low mark: `none` 0, `low` 1 to its mark, `in` above it. */
export const STOCK_STATES = ["none", "low", "in"] as const;
export type StockState = (typeof STOCK_STATES)[number];

/**
 * The default of the shop's low-stock setting (shop-settings `lowStockAt`, ADR 68, ADR 74): an
 * option with no threshold of its own is low at this many or fewer (but some) while nobody has set
 * the shop's. The same number as the shop's own "only 5 left" (catalog LOW_STOCK), which is the
 * shoppers' notice, not this.
 */
export const LOW_STOCK_DEFAULT = 5;

/** The most one count may be: a typing slip past it (an extra zero or two) is refused. */
export const MAX_STOCK = 1_000_000;

/** Rows of the grid and of a history on a page. */
export const STOCK_PAGE_SIZE = 50;

/** The state of an option holding `stock`, low at `lowAt` or fewer (low-stock.ts says it in SQL). */
export function stockState(stock: number, lowAt: number): StockState {
  if (stock <= 0) return "none";
  return stock <= lowAt ? "low" : "in";
}

/**
 * A product's state from its options not archived (low-stock.ts `productIn` in SQL): `none` with
 * nothing in stock, `low` when some option is at or below its mark (sold out included), else `in`.
 */
export function productStockState(total: number, optionsAtOrBelowMark: number): StockState {
  if (total <= 0) return "none";
  return optionsAtOrBelowMark > 0 ? "low" : "in";
}
