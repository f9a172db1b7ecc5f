import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payments, type Order, type Payment } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { CARD, isCardOrder, lockOrderById, orderByNumber } from "../orders/index.ts";

/*
 * The payment rows of card orders, read and written the same way by every use case: the order is
 * always locked before its payment (as the staff's operations lock the order first), so a webhook
 * and a staff action on one order queue instead of deadlocking.
 */

/** The order's card payment, found by the provider's page id. */
export async function paymentOfPage(db: Db, sessionId: string): Promise<Payment | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, CARD), eq(payments.providerRef, sessionId)));
  return payment ?? null;
}

/** The order's latest payment (a card order has one). */
export async function latestPayment(db: Db, order: Order): Promise<Payment | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1);
  return payment;
}

/** The order's payment that was charged (the provider named it): what a refund pays back. */
export async function chargedPayment(db: Db, order: Order): Promise<Payment | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), isNotNull(payments.providerPaymentRef)));
  return payment;
}

/** Locks the order, then its payment, in that order. */
export async function lockBoth(db: Db, payment: Payment): Promise<{ order: Order; payment: Payment }> {
  const order = await lockOrderById(db, payment.orderId);
  const [locked] = await db.select().from(payments).where(eq(payments.id, payment.id)).for("update");
  return { order, payment: locked! };
}

export async function setPayment(db: Db, payment: Payment, changes: Partial<Payment>) {
  await db
    .update(payments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
}

/** Once all of an order is paid back, so is its card payment (the sweep's list of refunds owed reads this). */
export async function markRefundedWhenFull(db: Db, order: Order) {
  if (order.refunded < order.total) return;
  await db
    .update(payments)
    .set({ status: "refunded", updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")));
}

/** Whether a payment is for the order's total (one held as a mismatch holds what was taken instead). */
export const paysOrder = (payment: Payment, order: Order) =>
  payment.amount === order.total && payment.currency.toUpperCase() === order.currency.toUpperCase();

/** The order a use case was handed, or read by its number. */
export async function orderOf(db: Db, ref: Order | string): Promise<Order> {
  if (typeof ref !== "string") return ref;
  const order = await orderByNumber(db, ref);
  if (!order) throw new ShopError("ORDER_NOT_FOUND", "Order not found.");
  return order;
}

/** A card order (whether or not the shop takes cards now); null for anything else. */
export async function cardOrder(db: Db, number: unknown): Promise<Order | null> {
  if (typeof number !== "string") return null;
  const order = await orderByNumber(db, number);
  return order && isCardOrder(order) ? order : null;
}
