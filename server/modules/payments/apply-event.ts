import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orderLines, orders, payments, webhookEvents, type Order } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { enqueueMail } from "../mail/index.ts";
import {
  CARD,
  cancellationOf,
  cancelOrder,
  confirmationOf,
  itemsBackOnSale,
  move,
  recordRefund,
  updateOf,
} from "../orders/index.ts";
import { LatePayment } from "./errors.ts";
import type { PaymentsKit } from "./kit.ts";
import { heldPartNote, heldRefundNote, holdMismatch, type PaymentMismatch } from "./mismatch.ts";
import type { PaymentEvent } from "./provider.ts";
import { lockBoth, markRefundedWhenFull, paymentOfPage, paysOrder, setPayment } from "./rows.ts";

/** The history note of a card payment that arrived after its order was cancelled (refunded at once; the back office lists them). */
export const LATE_PAYMENT_NOTE = "The card payment arrived after the order was cancelled: refunded in full";

/*
 * What the provider tells of a payment, applied to its order (ADR 38). Every webhook is applied
 * at most once (its event id is kept in webhook_events, in the same transaction as its effect) and
 * every effect checks the state it would change, so a duplicate, a late or an out-of-order event
 * changes nothing twice. The sweep, the shopper's cancel and the staff's cancel apply what the
 * provider says of a page now the same way, without an event id.
 */

/** What a webhook did; `mismatch` when it told of a payment that does not match its order (logged by the adapter). */
export interface WebhookResult {
  outcome: "handled" | "duplicate" | "ignored";
  mismatch?: PaymentMismatch;
}

/**
 * A webhook: verified (WebhookSignatureError otherwise), then applied once. Anything thrown
 * else means "tell me again later", which the provider does.
 */
export async function webhook(
  kit: PaymentsKit,
  scope: Scope,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  if (!kit.provider) throw new ShopError("UNKNOWN_PROVIDER", "This shop takes no card payments.");
  const event = kit.provider.parseWebhook(rawBody, signature);
  if (event.kind === "other") return { outcome: "ignored" };
  return applyOnce(kit, scope, event, true);
}

/** Applies an event in its own transaction; a webhook's id is recorded with it (a duplicate does nothing). */
export async function applyOnce(kit: PaymentsKit, scope: Scope, event: PaymentEvent, record: boolean): Promise<WebhookResult> {
  const run = (lateRefunded: boolean) =>
    withTransaction(scope, async (tx): Promise<WebhookResult> => {
      if (record) {
        const fresh = await tx.db
          .insert(webhookEvents)
          .values({ id: event.id, provider: CARD, type: event.kind })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (fresh.length === 0) return { outcome: "duplicate" };
      }
      const mismatch = await apply(kit, tx, event, { lateRefunded });
      return mismatch ? { outcome: "handled", mismatch } : { outcome: "handled" };
    });
  try {
    return await run(false);
  } catch (error) {
    if (!(error instanceof LatePayment)) throw error;
    // Refunded first, recorded after: if this process dies between the two, the provider tells
    // the event again, and the refund's key makes the second refund the first one.
    await kit.provider!.refund(error.paymentRef, error.amount, `late-payment-${error.sessionId}`);
    return run(true);
  }
}

/**
 * Applies one event in the caller's transaction. `lateRefunded`: the payment of a cancelled
 * order has just been refunded at the provider, so it is recorded as paid and paid back.
 */
async function apply(
  kit: PaymentsKit,
  scope: Scope,
  event: PaymentEvent,
  options: { lateRefunded?: boolean } = {},
): Promise<PaymentMismatch | undefined> {
  const db = scope.db;
  if (event.kind === "other") return;
  if (event.kind === "refunded") {
    await applyRefund(kit, scope, event);
    return;
  }

  const found = await paymentOfPage(db, event.sessionId);
  if (!found) return; // Not a page this shop opened.
  const { order, payment } = await lockBoth(db, found);
  // Settled, or held for the staff: later news changes nothing.
  if (payment.status === "paid" || payment.status === "refunded" || payment.status === "mismatch") return;

  switch (event.kind) {
    case "paid": {
      // Signed by the provider is not enough: the page must have taken the order's total, in its
      // currency (issue 22 §7). Otherwise the order is not paid by it; the staff decide.
      const expected = { amount: payment.amount, currency: payment.currency.toUpperCase() };
      const charged = event.charged;
      if (charged && (charged.amount !== expected.amount || charged.currency !== expected.currency)) {
        await holdMismatch(kit, db, order, payment, event.paymentRef, charged);
        return { order: order.number, sessionId: event.sessionId, expected, charged };
      }
      if (order.status === "awaiting_payment") {
        await setPayment(db, payment, { status: "paid", providerPaymentRef: event.paymentRef });
        await confirmPaid(kit, db, order);
      } else {
        // Paid after the order was cancelled (its page outlived the reservation, or a slow
        // payment settled too late): the money goes back. A card order is paid by its one
        // payment only, so cancelled is the only other state it can be in here.
        if (!options.lateRefunded) throw new LatePayment(event.paymentRef ?? "", payment.amount, event.sessionId);
        await setPayment(db, payment, { status: "refunded", providerPaymentRef: event.paymentRef });
        await recordRefund(db, order, order.total, LATE_PAYMENT_NOTE);
        await tellCancelled(
          kit,
          db,
          order,
          `your payment arrived after the order had been cancelled, so we have refunded the ${kit.money(payment.amount, order)} you paid.`,
        );
      }
      break;
    }
    case "processing": {
      if (order.status !== "awaiting_payment") return;
      if (payment.status === "pending") {
        // Completed with a method that settles later: the order waits for it, once, a few days more.
        await setPayment(db, payment, { status: "processing" });
        const reservedUntil = new Date(Date.now() + kit.deps.reservationDays * 86_400_000);
        await db
          .update(orders)
          .set({ reservedUntil, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        return;
      }
      // Still settling when those days are over (the sweep asks only then): the order goes, and
      // a payment that settles after all is refunded as a late one.
      if (order.reservedUntil && order.reservedUntil.getTime() > Date.now()) return;
      await setPayment(db, payment, { status: "failed" });
      await cancelOrder(db, order, "The payment did not arrive in time");
      await tellCancelled(
        kit,
        db,
        order,
        `your payment had not arrived in time${itemsBackOnSale(order)}. If it still arrives, we will refund it.`,
      );
      break;
    }
    case "failed":
    case "expired": {
      if (payment.status === "pending" || payment.status === "processing") await setPayment(db, payment, { status: event.kind });
      if (order.status !== "awaiting_payment") return;
      const failed = event.kind === "failed";
      await cancelOrder(db, order, failed ? "The payment did not go through" : "The card payment was not completed");
      // An abandoned payment page was never confirmed by mail; a failed payment is told.
      if (failed) {
        await tellCancelled(kit, db, order, `your payment did not go through${itemsBackOnSale(order)}. Nothing was charged.`);
      }
      break;
    }
  }
  kit.written(scope);
}

/** Money went back to the buyer (the staff's refund, or one made in Stripe's dashboard). */
async function applyRefund(kit: PaymentsKit, scope: Scope, event: Extract<PaymentEvent, { kind: "refunded" }>) {
  const db = scope.db;
  const [found] = await db.select().from(payments).where(eq(payments.providerPaymentRef, event.paymentRef));
  if (!found) {
    // The shop's own payment whose "paid" event has not come yet: told again later, it will fit.
    if (event.orderNumber) throw new Error(`refund of ${event.orderNumber} came before its payment`);
    return;
  }
  const { order, payment } = await lockBoth(db, found);
  // A payment held as a mismatch never paid the order: its refund is the payment's, not the order's.
  // It is refunded once all Stripe took is back; a part back (the staff's, in Stripe's dashboard)
  // leaves the rest held, for the staff's cancel to refund.
  if (payment.status === "mismatch") {
    const all = event.refundedTotal >= payment.amount;
    if (all) await setPayment(db, payment, { status: "refunded" });
    await db.insert(orderEvents).values({
      orderId: order.id,
      status: order.status,
      note: all ? heldRefundNote(kit, event.refundedTotal, payment) : heldPartNote(kit, event.refundedTotal, payment),
    });
    return;
  }
  if (payment.status === "refunded" && !paysOrder(payment, order)) return;
  const result = await recordRefund(db, order, event.refundedTotal, "Refunded through Stripe");
  if (!result) return;
  await markRefundedWhenFull(db, result);
  // A cancelled order's refund is told by its cancellation.
  if (result.status === "cancelled") return;
  await enqueueMail(db, updateOf(kit.shop, order, "refunded", kit.money(result.refunded - order.refunded, order)));
  kit.written(scope);
}

/** The order is paid: its confirmation goes out now, saying so. */
async function confirmPaid(kit: PaymentsKit, db: Db, order: Order) {
  const paid = await move(db, order, "paid", { reservedUntil: null }, "Paid by card");
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  await enqueueMail(
    db,
    confirmationOf(kit.shop, order, lines, "paid by card", (minor) => kit.money(minor, order)),
  );
  return paid;
}

/** The buyer's mail that their order is cancelled, and why (written with the change: the outbox). */
async function tellCancelled(kit: PaymentsKit, db: Db, order: Order, reason: string) {
  await enqueueMail(db, cancellationOf(kit.shop, order, reason));
}
