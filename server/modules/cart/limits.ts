/*
 * The bag's limits, and the one rule for how many of an option a shopper may have (ADR 31). No
 * zod here: the product page and the bag page load it in the browser.
 */

/**
 * The most of one option a bag line, and so an order, may hold, whatever the stock: a keeper buys
 * a pair or two of a size, a club a few; more than this is wholesale, and would let one order
 * hold an option's whole stock (ADR 50). Checkout refuses a line above it too.
 */
export const MAX_LINE_QUANTITY = 10;

/**
 * The most different options one bag may hold. A shopper's bag holds a handful; without a bound,
 * a script could grow one bag (and every page showing it) without end.
 */
export const MAX_BAG_LINES = 50;

/**
 * How many of an option a bag line may hold in all: its stock, at most MAX_LINE_QUANTITY; 0 when
 * sold out. The bag refuses more; the product page and the bag offer no more.
 */
export function quantityCap(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}
