import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders, payments, type Order, type Payment } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { lockOrderById } from "../orders/index.ts";
import { unavailable } from "./errors.ts";
import type { PaymentsKit } from "./kit.ts";
import type { Charged } from "./provider.ts";
import { setPayment } from "./rows.ts";

/*
 * A card payment the provider took for another amount or currency than its order's total (issue
 * 22 §7): it does not pay the order. It is held for the staff, who refund it (their cancel) or
 * settle it with Stripe; its history notes tell them what happened to it.
 */

/** A card payment the provider took for another amount or currency than its order's total: held for the staff. */
export interface PaymentMismatch {
  order: string;
  sessionId: string;
  expected: Charged;
  charged: Charged;
}

/** The start of the history note of a card payment that does not match its order (the staff look for it). */
export const MISMATCH_NOTE = "Card payment does not match the order";

/** The error a staff action or the sweep meets on a payment held as a mismatch: the staff settle it with Stripe. */
export const mismatchError = (mismatch: PaymentMismatch) =>
  new ShopError(
    "INVALID_TRANSITION",
    `Order ${mismatch.order}: the card payment does not match the order's total, so it is held for the staff to check with Stripe.`,
    { details: { expected: mismatch.expected, charged: mismatch.charged } },
  );

/** The history note of a held payment given back (by the staff's cancel or Stripe's own refund, whichever is recorded first). */
export const heldRefundNote = (kit: PaymentsKit, amount: number, held: Payment) =>
  `Refunded the ${kit.money(amount, held)} Stripe took for it`;

/** The history note of a held payment given back in part (in Stripe's dashboard): the rest is still held. */
export const heldPartNote = (kit: PaymentsKit, refunded: number, held: Payment) =>
  `Refunded ${kit.money(refunded, held)} of the ${kit.money(held.amount, held)} Stripe took for it; the rest is still held`;

/** The note of a held payment Stripe named no charge for: not refunded by the shop, so the staff refund it in Stripe. */
const unnamedHeldNote = (kit: PaymentsKit, held: Payment) =>
  `Stripe named no payment for the ${kit.money(held.amount, held)} it took, so the shop refunded nothing: refund it in Stripe's dashboard`;

/**
 * A payment that does not match its order: recorded as taken (its amount and currency are what
 * the provider took, for the staff to refund or settle), the order left as it is, with its stock
 * kept past its reservation (reservedUntil cleared: no expiry or sweep cancels it meanwhile), and
 * a history event the staff see in the order's answers.
 */
export async function holdMismatch(
  kit: PaymentsKit,
  db: Db,
  order: Order,
  payment: Payment,
  paymentRef: string | null,
  charged: Charged,
) {
  await setPayment(db, payment, {
    status: "mismatch",
    providerPaymentRef: paymentRef,
    amount: charged.amount,
    currency: charged.currency,
  });
  if (order.status === "awaiting_payment") {
    await db
      .update(orders)
      .set({ reservedUntil: null, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
  }
  const took = kit.money(charged.amount, charged);
  const total = kit.money(payment.amount, payment);
  await db.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `${MISMATCH_NOTE}: Stripe took ${took} where the order's total is ${total}. Not marked paid; staff must check it.`,
  });
}

/**
 * The staff cancel an order whose card payment was held as a mismatch: the order is cancelled
 * (its stock back at once), then all Stripe still holds of it is refunded, once (the refund's
 * key is the order's; a part refunded in Stripe's dashboard before is not refunded again), and
 * recorded on the payment, not as a refund of the order it never paid.
 */
export async function cancelHeld(kit: PaymentsKit, scope: Scope, order: Order, held: Payment, raw: unknown): Promise<Order> {
  const { staff } = kit.deps;
  if (!held.providerPaymentRef) {
    // Stripe named no payment for what it took, so the shop cannot refund it: the order goes (its
    // stock back), the payment stays held, and its history says so; nothing is recorded as refunded.
    if (order.status === "cancelled") {
      throw new ShopError("INVALID_TRANSITION", `Order ${order.number} is cancelled. ${unnamedHeldNote(kit, held)}.`);
    }
    return withTransaction(scope, async (tx) => {
      const cancelled = await staff.cancel(tx, order.number, raw);
      await tx.db.insert(orderEvents).values({ orderId: order.id, status: "cancelled", note: unnamedHeldNote(kit, held) });
      return cancelled;
    });
  }
  const cancelled = order.status === "cancelled" ? order : await staff.cancel(scope, order.number, raw);
  let refund: { amount: number; refundedTotal: number };
  try {
    refund = await kit.provider!.refund(held.providerPaymentRef, null, `mismatch-${order.number}`);
  } catch (error) {
    throw unavailable(error);
  }
  await withTransaction(scope, async (tx) => {
    // The order first, then its payment, as lockBoth does (Stripe's refund webhook may be here at once).
    await lockOrderById(tx.db, order.id);
    const [still] = await tx.db
      .update(payments)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(and(eq(payments.id, held.id), eq(payments.status, "mismatch")))
      .returning({ id: payments.id });
    if (!still) return;
    await tx.db.insert(orderEvents).values({
      orderId: order.id,
      status: "cancelled",
      // All of it, or the rest of a part refunded in Stripe's dashboard before.
      note:
        refund.amount < refund.refundedTotal
          ? `Refunded the remaining ${kit.money(refund.amount, held)} of the ${kit.money(held.amount, held)} Stripe took for it`
          : heldRefundNote(kit, refund.refundedTotal, held),
    });
  });
  return cancelled;
}
