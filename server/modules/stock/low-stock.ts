import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { StockState } from "./shared.ts";

/*
 * The one reading of "low stock" (ADR 74), used by the stock grid, the dashboard's low-stock queue
 * and the product list's stock filter:
 *
 * - an option's low mark is its own `low_stock_threshold`, else the shop's setting (shop-settings
 *   `lowStockAt`, ADR 68; its default LOW_STOCK_DEFAULT);
 * - an option is `none` at 0, `low` from 1 up to its mark, `in` above it (stockState in shared.ts,
 *   the same rule for a row already read; productStockState for a product's);
 * - a product (its options not archived) is `none` when it has nothing in stock (or no option),
 *   `in` when every option is above its mark, `low` otherwise: some option is at or below its mark,
 *   sold out or nearly, while the product still has some stock.
 */

/** An option's columns: in a query over `variants` (or an alias of it). */
export interface OptionStock {
  stock: SQLWrapper;
  threshold: SQLWrapper;
}

/** The columns of `variants` under the alias `v`. */
export const ALIASED_OPTION: OptionStock = { stock: sql`v.stock`, threshold: sql`v.low_stock_threshold` };

/** At this many or fewer the option is low: its own threshold, else the shop's. */
export function lowMarkOf(option: OptionStock, shopLowAt: number): SQL<number> {
  return sql<number>`coalesce(${option.threshold}, ${shopLowAt}::int)`;
}

/** True for the options in `state`. */
export function optionIn(option: OptionStock, state: StockState, shopLowAt: number): SQL<boolean> {
  const mark = lowMarkOf(option, shopLowAt);
  if (state === "none") return sql<boolean>`${option.stock} <= 0`;
  if (state === "low") return sql<boolean>`(${option.stock} >= 1 and ${option.stock} <= ${mark})`;
  return sql<boolean>`${option.stock} > ${mark}`;
}

/**
 * Aggregates over a product's options (in a `group by product_id` on `option`'s table): its stock in
 * all, and how many of its options are at or below their mark (sold out included).
 */
export function productStockAggregates(option: OptionStock, shopLowAt: number): { total: SQL<number>; atOrBelow: SQL<number> } {
  return {
    total: sql<number>`coalesce(sum(${option.stock}), 0)::int`,
    atOrBelow: sql<number>`count(*) filter (where ${option.stock} <= ${lowMarkOf(option, shopLowAt)})::int`,
  };
}

/** True for the products in `state`, given the aggregates above (null: the product has no option). */
export function productIn(total: SQLWrapper, atOrBelow: SQLWrapper, state: StockState): SQL<boolean> {
  const some = sql`coalesce(${total}, 0) > 0`;
  if (state === "none") return sql<boolean>`not (${some})`;
  if (state === "low") return sql<boolean>`(${some} and coalesce(${atOrBelow}, 0) > 0)`;
  return sql<boolean>`(${some} and coalesce(${atOrBelow}, 0) = 0)`;
}

/**
 * True for the products whose id is `productId` in `state`, read as productIn reads their options'
 * aggregates (those not archived): a condition on the product alone, so a list filters by it and
 * sums up only its own page's options rather than every product's in a join (ADR 72).
 */
export function productIdIn(productId: SQLWrapper, state: StockState, shopLowAt: number): SQL<boolean> {
  const { total, atOrBelow } = productStockAggregates({ stock: sql`o.stock`, threshold: sql`o.low_stock_threshold` }, shopLowAt);
  const grouped = (having: SQL) =>
    sql`(select o.product_id from variants o where o.archived_at is null group by o.product_id having ${having})`;
  // A product without options has nothing in stock: "none" is every product but those with stock.
  if (state === "none") return sql<boolean>`${productId} not in ${grouped(sql`${total} > 0`)}`;
  return sql<boolean>`${productId} in ${grouped(productIn(total, atOrBelow, state))}`;
}

/**
 * The same as productIdIn, read product by product (its options by the product index): for a
 * page read in an index's order that stops after its rows, where productIdIn would sum up every
 * product's options first.
 */
export function productOptionsIn(productId: SQLWrapper, state: StockState, shopLowAt: number): SQL<boolean> {
  const { total, atOrBelow } = productStockAggregates({ stock: sql`o.stock`, threshold: sql`o.low_stock_threshold` }, shopLowAt);
  return sql<boolean>`exists (
    select 1 from (select ${total} as total, ${atOrBelow} as at_or_below from variants o
                   where o.product_id = ${productId} and o.archived_at is null) a
    where ${productIn(sql`a.total`, sql`a.at_or_below`, state)})`;
}
