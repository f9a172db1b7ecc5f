import { and, asc, desc, eq, sql } from "drizzle-orm";
import { orderLines, orders, type Order, type OrderLine } from "../../db/schema/index.ts";
import { orderAddress, type OrderAddress } from "../orders/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { orderNotFound } from "./errors.ts";
import { orderListInput, recordId } from "./schemas.ts";

/** A row of the order history table (SPEC §2: date, status, sub total, view order). Money in minor units. */
export interface OrderSummary {
  id: number;
  number: string;
  status: Order["status"];
  /** When the order was placed (ISO 8601): the table's date. */
  createdAt: string;
  currency: string;
  subtotal: number;
  total: number;
}

export interface OrderLineView {
  id: number;
  productId: number | null;
  variantId: number | null;
  productName: string;
  productSlug: string | null;
  categorySlug: string | null;
  size: string | null;
  colour: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export type { OrderAddress } from "../orders/index.ts";

export interface OrderDetail extends OrderSummary {
  shipping: number;
  deliveryAddress: OrderAddress | null;
  lines: OrderLineView[];
}

function summary(row: Order): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
    subtotal: row.subtotal,
    total: row.total,
  };
}

function line(row: OrderLine): OrderLineView {
  const { orderId: _, ...rest } = row;
  return { ...rest, lineTotal: row.unitPrice * row.quantity };
}

/** A customer's orders, read only; checkout writes them. Another customer's order is not found. */
export function createOrderHistory() {
  return {
    /** The newest orders first; `first` of them (default 20, at most 100), from page `page`. */
    async orders(scope: Scope, userId: number, raw: unknown = {}): Promise<OrderSummary[]> {
      const { first, page } = parseInput(orderListInput, raw);
      const rows = await scope.db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(first)
        .offset((page - 1) * first);
      return rows.map(summary);
    },

    /** How many orders the customer has: the history's pages. */
    async orderCount(scope: Scope, userId: number): Promise<number> {
      const [row] = await scope.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.userId, userId));
      return row?.n ?? 0;
    },

    async order(scope: Scope, userId: number, orderId: unknown): Promise<OrderDetail> {
      const id = recordId.safeParse(orderId);
      if (!id.success) throw orderNotFound();
      const [row] = await scope.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id.data), eq(orders.userId, userId)));
      if (!row) throw orderNotFound();
      const lines = await scope.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id));
      return {
        ...summary(row),
        shipping: row.shipping,
        deliveryAddress: orderAddress(row.deliveryAddress),
        lines: lines.map(line),
      };
    },
  };
}
