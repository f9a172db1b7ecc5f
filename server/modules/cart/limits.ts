// The bag's limits, in a file of their own: the bag page's browser code reads them, and importing
// them from schemas.ts would ship zod to the browser (70 KB), whose first parse probes
// `new Function`, which the shop's Content-Security-Policy reports (docs/decisions/0028).

/** The most of one option a bag line may hold, whatever the stock: a shop, not a wholesaler. */
export const MAX_LINE_QUANTITY = 99;

/**
 * The most different options one bag may hold. A shopper's bag holds a handful; without a bound,
 * a script could grow one bag (and every page showing it) without end.
 */
export const MAX_BAG_LINES = 50;
