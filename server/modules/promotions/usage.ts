import { and, count, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";

/**
 * Which orders count towards a code's usage: those paid and standing (paid, shipped, delivered),
 * the dashboard's revenue rule (ADR 60). An order awaiting payment has taken a use of the code
 * (its `usedCount`) but sold nothing yet; a cancelled one gave its use back.
 */
export const PAID_STATUSES = ["paid", "shipped", "delivered"] as const;

/** A code's usage from the orders that record it: orders, the discount given, the revenue (less refunds). */
export interface PromotionUsage {
  orders: number;
  discount: number;
  revenue: number;
}

/** Usage per code, as a subquery to join and sort by: orders record the code's text (orders.promo_code). */
export function usageByCode(db: Db) {
  return db
    .select({
      code: sql<string>`${orders.promoCode}`.as("usage_code"),
      orders: count().as("usage_orders"),
      discount: sql<string>`coalesce(sum(${orders.discount}), 0)`.as("usage_discount"),
      revenue: sql<string>`coalesce(sum(${orders.total} - ${orders.refunded}), 0)`.as("usage_revenue"),
    })
    .from(orders)
    .where(and(isNotNull(orders.promoCode), inArray(orders.status, PAID_STATUSES)))
    .groupBy(orders.promoCode)
    .as("usage");
}

export const usageOf = (row: { orders: number | null; discount: string | null; revenue: string | null }): PromotionUsage => ({
  orders: Number(row.orders ?? 0),
  discount: Number(row.discount ?? 0),
  revenue: Number(row.revenue ?? 0),
});
