import { count, eq } from "drizzle-orm";
import { orders, users } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { customerNameOf, paymentStateOf, snapshotOf } from "./order-facts.ts";
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
  const [rows, [counted]] = await Promise.all([
    scope.db
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
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...ordersOrder(params))
      .limit(PAGE_SIZE)
      .offset((params.page - 1) * PAGE_SIZE),
    scope.db.select({ n: count() }).from(orders).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => ({
      number: row.number,
      placedAt: row.createdAt.toISOString(),
      customerName: customerNameOf(row.deliveryAddress, row),
      email: row.email,
      customerId: row.userId,
      country: snapshotOf(row.deliveryAddress).country,
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
