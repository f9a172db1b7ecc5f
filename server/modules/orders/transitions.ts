import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders, type Order, type OrderStatus } from "../../db/schema/index.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { activatePaidMembership, endMembershipOfOrder } from "../membership/index.ts";
import { releasePromo, releaseStock } from "./release.ts";
import { assertMove } from "./state-machine.ts";

/*
 * The moves of an order, inside a transaction the caller holds (ADR 37, 38): the staff's
 * operations, the payment provider's webhooks and the reservation expiry all go through these,
 * so a status, its history event and the stock always change together.
 */

/** An order number as customers see it: KS-100001. */
export const orderNumber = z.string().regex(/^KS-\d{1,12}$/);

const orderNotFound = () => new ShopError("ORDER_NOT_FOUND", "Order not found.");

/** The order, locked until the transaction ends; ORDER_NOT_FOUND for an unknown number. */
export async function lockOrder(db: Db, number: unknown): Promise<Order> {
  const parsed = orderNumber.safeParse(number);
  const [order] = parsed.success ? await db.select().from(orders).where(eq(orders.number, parsed.data)).for("update") : [];
  if (!order) throw orderNotFound();
  return order;
}

/** The order with that id, locked until the transaction ends. */
export async function lockOrderById(db: Db, id: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw orderNotFound();
  return order;
}

/**
 * Moves the order to `to` if its status allows it (INVALID_TRANSITION otherwise), with a history
 * event. Every move to paid, cancelled or refunded passes here (staff, webhooks, the sweep), so
 * here an order's membership starts when it is paid and ends when it is cancelled or refunded
 * (ADR 42), in the same transaction.
 */
export async function move(db: Db, order: Order, to: OrderStatus, changes: Partial<Order>, note: string | null): Promise<Order> {
  assertMove(order.number, order.status, to);
  const [moved] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  await db.insert(orderEvents).values({ orderId: order.id, status: to, note });
  // The customer's open pages follow their own orders (a guest's order has nobody to tell).
  if (order.userId !== null) publishAfterCommit(db, "order-updated", order.userId, { number: order.number, status: to });
  if (order.membershipPlanId !== null) {
    if (to === "paid") await activatePaidMembership(db, order);
    else if (to === "cancelled" || to === "refunded") await endMembershipOfOrder(db, order);
  }
  return moved!;
}

/**
 * Cancels the order: its stock goes back on sale and its promo code use is given back.
 * `refunded` is what has been paid back of it by now.
 */
export async function cancelOrder(db: Db, order: Order, note: string, refunded = order.refunded): Promise<Order> {
  const cancelled = await move(db, order, "cancelled", { reservedUntil: null, refunded }, note);
  await releaseStock(db, order.id, note);
  await releasePromo(db, order);
  return cancelled;
}

/**
 * Records that `refundedTotal` of the order has been paid back so far (the provider's figure, or
 * the shop's own sum for a bank transfer). A figure not above what is recorded changes nothing
 * (null): a refund told twice, or told late, counts once. All paid back, a paid, shipped or
 * delivered order becomes "refunded" (one refunded before it was sent puts its items back on
 * sale); a cancelled order keeps its status and records the amount.
 */
export async function recordRefund(db: Db, order: Order, refundedTotal: number, note: string): Promise<Order | null> {
  const refunded = Math.min(refundedTotal, order.total);
  if (refunded <= order.refunded) return null;
  if (refunded === order.total && order.status !== "cancelled") {
    const result = await move(db, order, "refunded", { refunded }, note);
    if (order.status === "paid") {
      await releaseStock(db, order.id, note);
      await releasePromo(db, order);
    }
    return result;
  }
  if (order.status === "awaiting_payment") assertMove(order.number, order.status, "refunded");
  const [result] = (await db
    .update(orders)
    .set({ refunded, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning()) as [Order];
  await db.insert(orderEvents).values({ orderId: order.id, status: order.status, note });
  return result;
}
