import { count, eq, sql } from "drizzle-orm";
import { orders, users } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { customerNameOf, paymentStateOf } from "./order-facts.ts";
import { ordersOrder, ordersWhere } from "./order-filters.ts";
import { ordersListInput, paramsOf, type OrdersListParams } from "./schemas.ts";
import { PAGE_SIZE, type PaymentState } from "./shared.ts";

/** A row of the back office's order list. Money in minor units of `currency`. */
export interface OrderRow {
  number: string;
  /** ISO time, UTC. */
  placedAt: string;
  customerName: string | null;
  email: string;
  /** The customer's account id; null for a guest. */
  customerId: number | null;
  /** The delivery country (ISO alpha-2); null for an order without delivery (a membership). */
  country: string | null;
  status: (typeof orders.$inferSelect)["status"];
  paymentMethod: (typeof orders.$inferSelect)["paymentMethod"];
  paymentState: PaymentState;
  total: number;
  refunded: number;
  currency: string;
}

export interface OrdersPage {
  rows: OrderRow[];
  /** Orders matching the filters, on every page (an exact count). */
  total: number;
  page: number;
  /** Pages in all (at least 1). */
  pages: number;
  pageSize: number;
  /** The parsed params, defaults filled in: what the page's links start from (searchOf). */
  params: OrdersListParams;
}

/**
 * The back office's order list (issue 24 §4): filtered, searched, sorted, 50 a page. Raw input
 * is the page's URL search params (URLSearchParams or an object); a bad value is INVALID_INPUT
 * naming its field. A page past the last answers no rows.
 */
export async function ordersList(scope: Scope, raw: unknown = {}): Promise<OrdersPage> {
  const params = parseInput(ordersListInput, paramsOf(raw));
  const where = ordersWhere(params);
  // A search reads all its matches to sort them anyway: they are counted in the same query. Other
  // pages read 50 rows down an index, and are counted on their own (an index or table scan).
  const counted = params.q ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`.mapWith(Number);
  const rows = await scope.db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      email: orders.email,
      userId: orders.userId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      total: orders.total,
      refunded: orders.refunded,
      currency: orders.currency,
      deliveryAddress: orders.deliveryAddress,
      shipCountry: orders.shipCountry,
      firstName: users.firstName,
      lastName: users.lastName,
      matches: counted,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...ordersOrder(params))
    .limit(PAGE_SIZE)
    .offset((params.page - 1) * PAGE_SIZE);
  const total =
    params.q && rows.length > 0
      ? rows[0]!.matches
      : ((await scope.db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0);
  return {
    rows: rows.map((row) => ({
      number: row.number,
      placedAt: row.createdAt.toISOString(),
      customerName: customerNameOf(row.deliveryAddress, row),
      email: row.email,
      customerId: row.userId,
      country: row.shipCountry,
      status: row.status,
      paymentMethod: row.paymentMethod,
      paymentState: paymentStateOf(row),
      total: row.total,
      refunded: row.refunded,
      currency: row.currency,
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
  };
}
