import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orderLines, orders, payments, webhookEvents, type Order, type Payment } from "../../db/schema/index.ts";
import { afterCommit, withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { BagRef, ItemToAdd } from "../cart/index.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/sellable.ts";
import { enqueueMail } from "../mail/jobs.ts";
import { deliversGoods, itemsBackOnSale, orderCancelledMail, orderConfirmationMail, orderUpdateMail } from "../orders/mails.ts";
import { refundable, refundInput, type StaffOperations } from "../orders/staff.ts";
import { orderAddress, orderByNumber } from "../orders/view.ts";
import { cancelOrder, lockOrder, lockOrderById, move, recordRefund } from "../orders/transitions.ts";
import { PaymentProviderError, type Charged, type PaymentEvent, type PaymentProvider } from "./provider.ts";

export { createStripeProvider, type StripeSettings } from "./stripe.ts";
export { PaymentProviderError, WebhookPayloadError, WebhookSignatureError, type PaymentProvider } from "./provider.ts";

/** A card payment the provider took for another amount or currency than its order's total: held for the staff. */
export interface PaymentMismatch {
  order: string;
  sessionId: string;
  expected: Charged;
  charged: Charged;
}

/** What a webhook did; `mismatch` when it told of a payment that does not match its order (logged by the adapter). */
export interface WebhookResult {
  outcome: "handled" | "duplicate" | "ignored";
  mismatch?: PaymentMismatch;
}

export interface PaymentsDeps {
  /** The card payment provider; null when the shop takes bank transfers only. */
  provider: PaymentProvider | null;
  siteName: string;
  /** How long an async payment (a bank debit that settles later) keeps the order's stock, in days. */
  reservationDays: number;
  /** How long a payment page stays open (minutes; Stripe asks for at least 30). */
  checkoutMinutes: number;
  /** The order's status page, with its access token (the provider sends the shopper back there). */
  orderLink: (number: string) => string;
  money: (minor: number, currency: string) => string;
  staff: StaffOperations;
  /** The buyer's bag: a given-up card order's items go back in it, at the buyer's prices and early access. */
  bags: {
    addLines: (
      scope: Scope,
      bag: BagRef,
      items: readonly ItemToAdd[],
      viewer?: Viewer,
    ) => Promise<{ added: number; missed: string[] }>;
  };
  mailsWritten?: () => void;
}

const nothingBack = { added: 0, missed: [] as string[] };

/** The history note that a shopper gave up paying: written once, so their items go back to the bag once. */
const GAVE_UP_NOTE = "The shopper gave up paying; the items went back to the bag";

/** The start of the history note of a card payment that does not match its order (the staff look for it). */
export const MISMATCH_NOTE = "Card payment does not match the order";

/** A payment arrived for an order that was cancelled meanwhile: it must go back before it is recorded. */
class LatePayment extends Error {
  constructor(
    readonly paymentRef: string,
    readonly amount: number,
    readonly sessionId: string,
  ) {
    super("a payment arrived for a cancelled order");
  }
}

/** The error a staff action or the sweep meets on a payment held as a mismatch: the staff settle it with Stripe. */
const mismatchError = (mismatch: PaymentMismatch) =>
  new ShopError(
    "INVALID_TRANSITION",
    `Order ${mismatch.order}: the card payment does not match the order's total, so it is held for the staff to check with Stripe.`,
    { details: { expected: mismatch.expected, charged: mismatch.charged } },
  );

const noProvider = () =>
  new ShopError("PROVIDER_UNAVAILABLE", "Card payments are not set up in this shop now, so a card payment cannot be refunded.");

const unavailable = (error: unknown) =>
  new ShopError("PROVIDER_UNAVAILABLE", "Card payments cannot be reached just now: please try again in a moment.", {
    details: { cause: error instanceof PaymentProviderError ? error.message : "unknown" },
  });

/**
 * Card payments (ADR 38): the hosted payment page of a card order, the provider's webhooks, the
 * shopper cancelling a payment, the sweep of payment pages that ended unseen, and the staff's
 * refunds and cancellations of card orders, which go through the provider first.
 *
 * Every webhook is applied at most once (its event id is kept in webhook_events, in the same
 * transaction as its effect) and every effect checks the state it would change, so a duplicate,
 * a late or an out-of-order event changes nothing twice.
 */
export function createPayments(deps: PaymentsDeps) {
  const { provider } = deps;
  let sweeping: Promise<number> | null = null;
  const link = (order: Order) => deps.orderLink(order.number);
  const written = (scope: Scope) => {
    if (deps.mailsWritten) afterCommit(scope, deps.mailsWritten);
  };

  /** The order's card payment, found by the provider's page id (or, not yet known, by the order). */
  async function paymentOf(db: Db, sessionId: string): Promise<Payment | null> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, "stripe"), eq(payments.providerRef, sessionId)));
    return payment ?? null;
  }

  /** The history note of a held payment given back (by the staff's cancel or Stripe's own refund, whichever is recorded first). */
  const heldRefundNote = (amount: number, currency: string) => `Refunded the ${deps.money(amount, currency)} Stripe took for it`;

  /** The history note of a held payment given back in part (in Stripe's dashboard): the rest is still held. */
  const heldPartNote = (refunded: number, held: Payment) =>
    `Refunded ${deps.money(refunded, held.currency)} of the ${deps.money(held.amount, held.currency)} Stripe took for it; the rest is still held`;

  /** Whether a payment is for the order's total (one held as a mismatch holds what was taken instead). */
  const paysOrder = (payment: Payment, order: Order) =>
    payment.amount === order.total && payment.currency.toUpperCase() === order.currency.toUpperCase();

  /**
   * The staff cancel an order whose card payment was held as a mismatch: the order is cancelled
   * (its stock back at once), then all Stripe still holds of it is refunded, once (the refund's
   * key is the order's; a part refunded in Stripe's dashboard before is not refunded again), and
   * recorded on the payment, not as a refund of the order it never paid.
   */
  async function cancelHeld(scope: Scope, order: Order, held: Payment, raw: unknown): Promise<Order> {
    if (!held.providerPaymentRef) {
      // Stripe named no payment for what it took, so the shop cannot refund it: the order goes (its
      // stock back), the payment stays held, and its history says so; nothing is recorded as refunded.
      if (order.status === "cancelled") throw unnamedHeld(order, held);
      return withTransaction(scope, async (tx) => {
        const cancelled = await deps.staff.cancel(tx, order.number, raw);
        await tx.db.insert(orderEvents).values({ orderId: order.id, status: "cancelled", note: unnamedHeldNote(held) });
        return cancelled;
      });
    }
    const cancelled = order.status === "cancelled" ? order : await deps.staff.cancel(scope, order.number, raw);
    let refund: { amount: number; refundedTotal: number };
    try {
      refund = await provider!.refund(held.providerPaymentRef, null, `mismatch-${order.number}`);
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
            ? `Refunded the remaining ${deps.money(refund.amount, held.currency)} of the ${deps.money(held.amount, held.currency)} Stripe took for it`
            : heldRefundNote(refund.refundedTotal, held.currency),
      });
    });
    return cancelled;
  }

  /** The note of a held payment Stripe named no charge for: not refunded by the shop, so the staff refund it in Stripe. */
  const unnamedHeldNote = (held: Payment) =>
    `Stripe named no payment for the ${deps.money(held.amount, held.currency)} it took, so the shop refunded nothing: refund it in Stripe's dashboard`;

  const unnamedHeld = (order: Order, held: Payment) =>
    new ShopError("INVALID_TRANSITION", `Order ${order.number} is cancelled. ${unnamedHeldNote(held)}.`);

  /** Locks the order, then its payment, in that order (as the staff's operations lock the order first). */
  async function lockBoth(db: Db, payment: Payment): Promise<{ order: Order; payment: Payment }> {
    const order = await lockOrderById(db, payment.orderId);
    const [locked] = await db.select().from(payments).where(eq(payments.id, payment.id)).for("update");
    return { order, payment: locked! };
  }

  /** The buyer's mail that their order is cancelled, and why (written with the change: the outbox). */
  async function tellCancelled(db: Db, order: Order, reason: string) {
    await enqueueMail(
      db,
      orderCancelledMail({
        siteName: deps.siteName,
        to: order.email,
        number: order.number,
        reason,
        link: link(order),
        goods: deliversGoods(order),
      }),
    );
  }

  async function setPayment(db: Db, payment: Payment, changes: Partial<Payment>) {
    await db
      .update(payments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
  }

  /** Once all of an order is paid back, so is its card payment (the sweep's list of refunds owed reads this). */
  async function markRefundedWhenFull(db: Db, order: Order) {
    if (order.refunded < order.total) return;
    await db
      .update(payments)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")));
  }

  /** A card order whose payment page was never opened (the provider could not be reached): nothing can be paid, so it goes. */
  async function cancelUnopened(scope: Scope, number: string) {
    await withTransaction(scope, async (tx) => {
      const locked = await lockOrder(tx.db, number);
      if (locked.status === "awaiting_payment") await cancelOrder(tx.db, locked, "The card payment was not completed");
    });
  }

  /**
   * A payment that does not match its order: recorded as taken (its amount and currency are what
   * the provider took, for the staff to refund or settle), the order left as it is, with its stock
   * kept past its reservation (reservedUntil cleared: no expiry or sweep cancels it meanwhile), and
   * a history event the staff see in the order's answers.
   */
  async function holdMismatch(db: Db, order: Order, payment: Payment, paymentRef: string | null, charged: Charged) {
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
    const took = deps.money(charged.amount, charged.currency);
    const total = deps.money(payment.amount, payment.currency);
    await db.insert(orderEvents).values({
      orderId: order.id,
      status: order.status,
      note: `${MISMATCH_NOTE}: Stripe took ${took} where the order's total is ${total}. Not marked paid; staff must check it.`,
    });
  }

  async function confirmPaid(db: Db, order: Order) {
    const paid = await move(db, order, "paid", { reservedUntil: null }, "Paid by card");
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    await enqueueMail(
      db,
      orderConfirmationMail({
        siteName: deps.siteName,
        to: order.email,
        number: order.number,
        lines: lines.map((line) => ({
          name: line.productName,
          size: line.size ?? "",
          colour: line.colour ?? "",
          quantity: line.quantity,
          lineTotal: line.unitPrice * line.quantity,
        })),
        subtotal: order.subtotal,
        discount: order.discount,
        delivery: order.shipping,
        tax: order.tax,
        total: order.total,
        deliveryMethod: order.deliveryMethodName ?? (deliversGoods(order) ? "Delivery" : null),
        deliveryAddress: orderAddress(order.deliveryAddress)?.lines ?? null,
        link: link(order),
        transfer: null,
        paid: true,
        money: (minor) => deps.money(minor, order.currency),
      }),
    );
    return paid;
  }

  /**
   * Applies one event in the caller's transaction. `lateRefunded`: the payment of a cancelled
   * order has just been refunded at the provider, so it is recorded as paid and paid back.
   */
  async function apply(
    scope: Scope,
    event: PaymentEvent,
    options: { lateRefunded?: boolean } = {},
  ): Promise<PaymentMismatch | undefined> {
    const db = scope.db;
    if (event.kind === "other") return;
    if (event.kind === "refunded") {
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
          note: all ? heldRefundNote(event.refundedTotal, payment.currency) : heldPartNote(event.refundedTotal, payment),
        });
        return;
      }
      if (payment.status === "refunded" && !paysOrder(payment, order)) return;
      const result = await recordRefund(db, order, event.refundedTotal, "Refunded through Stripe");
      if (!result) return;
      await markRefundedWhenFull(db, result);
      // A cancelled order's refund is told by its cancellation.
      if (result.status === "cancelled") return;
      await enqueueMail(
        db,
        orderUpdateMail({
          siteName: deps.siteName,
          to: order.email,
          number: order.number,
          kind: "refunded",
          link: link(order),
          goods: deliversGoods(order),
          amount: deps.money(result.refunded - order.refunded, order.currency),
        }),
      );
      written(scope);
      return;
    }

    const found = await paymentOf(db, event.sessionId);
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
          await holdMismatch(db, order, payment, event.paymentRef, charged);
          return { order: order.number, sessionId: event.sessionId, expected, charged };
        }
        if (order.status === "awaiting_payment") {
          await setPayment(db, payment, { status: "paid", providerPaymentRef: event.paymentRef });
          await confirmPaid(db, order);
        } else {
          // Paid after the order was cancelled (its page outlived the reservation, or a slow
          // payment settled too late): the money goes back. A card order is paid by its one
          // payment only, so cancelled is the only other state it can be in here.
          if (!options.lateRefunded) throw new LatePayment(event.paymentRef ?? "", payment.amount, event.sessionId);
          await setPayment(db, payment, { status: "refunded", providerPaymentRef: event.paymentRef });
          await recordRefund(db, order, order.total, "The card payment arrived after the order was cancelled: refunded in full");
          await tellCancelled(
            db,
            order,
            `your payment arrived after the order had been cancelled, so we have refunded the ${deps.money(payment.amount, order.currency)} you paid.`,
          );
        }
        break;
      }
      case "processing": {
        if (order.status !== "awaiting_payment") return;
        if (payment.status === "pending") {
          // Completed with a method that settles later: the order waits for it, once, a few days more.
          await setPayment(db, payment, { status: "processing" });
          const reservedUntil = new Date(Date.now() + deps.reservationDays * 86_400_000);
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
          db,
          order,
          `your payment had not arrived in time${itemsBackOnSale(order)}. If it still arrives, we will refund it.`,
        );
        break;
      }
      case "failed":
      case "expired": {
        if (payment.status === "pending" || payment.status === "processing")
          await setPayment(db, payment, { status: event.kind });
        if (order.status !== "awaiting_payment") return;
        const failed = event.kind === "failed";
        await cancelOrder(db, order, failed ? "The payment did not go through" : "The card payment was not completed");
        // An abandoned payment page was never confirmed by mail; a failed payment is told.
        if (failed) {
          await tellCancelled(db, order, `your payment did not go through${itemsBackOnSale(order)}. Nothing was charged.`);
        }
        break;
      }
    }
    written(scope);
  }

  /** Applies what the provider says of a page now (the sweep, a shopper's cancel), without an event id. */
  async function settleFromProvider(scope: Scope, sessionId: string): Promise<void> {
    const state = await provider!.expireCheckout(sessionId);
    // Still open (closing it failed): nothing is decided; the next sweep asks again.
    if (state.status === "open") throw new PaymentProviderError(`Stripe: checkout session ${sessionId} could not be closed.`);
    const event: PaymentEvent =
      state.status === "expired"
        ? { id: "", kind: "expired", sessionId }
        : state.paid
          ? { id: "", kind: "paid", sessionId, paymentRef: state.paymentRef, charged: state.charged }
          : { id: "", kind: "processing", sessionId };
    const mismatch = await applyOnce(scope, event, false);
    if (mismatch.mismatch) throw mismatchError(mismatch.mismatch);
  }

  /** Applies an event in its own transaction; a webhook's id is recorded with it (a duplicate does nothing). */
  async function applyOnce(scope: Scope, event: PaymentEvent, record: boolean): Promise<WebhookResult> {
    const run = (lateRefunded: boolean) =>
      withTransaction(scope, async (tx): Promise<WebhookResult> => {
        if (record) {
          const fresh = await tx.db
            .insert(webhookEvents)
            .values({ id: event.id, provider: "stripe", type: event.kind })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (fresh.length === 0) return { outcome: "duplicate" };
        }
        const mismatch = await apply(tx, event, { lateRefunded });
        return mismatch ? { outcome: "handled", mismatch } : { outcome: "handled" };
      });
    try {
      return await run(false);
    } catch (error) {
      if (!(error instanceof LatePayment)) throw error;
      // Refunded first, recorded after: if this process dies between the two, the provider tells
      // the event again, and the refund's key makes the second refund the first one.
      await provider!.refund(error.paymentRef, error.amount, `late-payment-${error.sessionId}`);
      return run(true);
    }
  }

  const api = {
    /** The provider's hosted page origin, for the pages' form-action; null without card payments. */
    checkoutOrigin: provider?.checkoutOrigin ?? null,
    enabled: provider !== null,

    /**
     * The payment page of an unpaid card order: the one already opened, or a new one (the same
     * one again if opening was interrupted: the call's key is the order's).
     */
    async payPage(scope: Scope, ref: Order | string): Promise<string> {
      const order = await orderOf(scope.db, ref);
      if (!provider || order.paymentMethod !== "stripe" || order.status !== "awaiting_payment" || !order.reservedUntil) {
        throw new ShopError("INVALID_TRANSITION", `Order ${order.number} is not waiting for a card payment.`);
      }
      const [payment] = await scope.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!payment || payment.status !== "pending") {
        throw new ShopError("INVALID_TRANSITION", `Order ${order.number} is not waiting for a card payment.`);
      }
      if (payment.redirectUrl) return payment.redirectUrl;
      if (order.reservedUntil.getTime() <= Date.now()) {
        throw new ShopError("INVALID_TRANSITION", `Order ${order.number} was not paid in time.`);
      }
      // A page opened later than placing (the provider could not be reached then) needs its full
      // time from now: Stripe refuses a page that closes within 30 minutes. The order's stock is
      // kept that long too. The key names the closing time, so another attempt asks afresh.
      // Two clicks at once extend it once: the extension is conditional on the time it replaces,
      // and the loser takes the winner's (two more minutes than asked for leave room for that),
      // so both ask Stripe with the same key and the same closing time: one page.
      const minimum = Date.now() + deps.checkoutMinutes * 60_000;
      let expiresAt = order.reservedUntil;
      if (expiresAt.getTime() < minimum) {
        const extended = new Date(Math.ceil((minimum + 2 * 60_000) / 1000) * 1000);
        const [won] = await scope.db
          .update(orders)
          .set({ reservedUntil: extended, updatedAt: sql`now()` })
          .where(
            and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment"), eq(orders.reservedUntil, order.reservedUntil)),
          )
          .returning({ reservedUntil: orders.reservedUntil });
        if (won) expiresAt = extended;
        else {
          const [now] = await scope.db
            .select({ reservedUntil: orders.reservedUntil })
            .from(orders)
            .where(eq(orders.id, order.id));
          if (!now?.reservedUntil || now.reservedUntil.getTime() < minimum) {
            throw new ShopError("INVALID_TRANSITION", `Order ${order.number} is not waiting for a card payment.`);
          }
          expiresAt = now.reservedUntil;
        }
      }
      const back = link(order);
      let page;
      try {
        page = await provider.startCheckout(
          {
            orderNumber: order.number,
            email: order.email,
            amount: payment.amount,
            currency: payment.currency,
            description: `${deps.siteName}, order ${order.number}`,
            successUrl: `${back}&payment=done`,
            cancelUrl: `${back}&payment=cancelled`,
            expiresAt,
          },
          `checkout-${order.number}-${Math.floor(expiresAt.getTime() / 1000)}`,
        );
      } catch (error) {
        throw unavailable(error);
      }
      const [recorded] = await scope.db
        .update(payments)
        .set({ providerRef: page.sessionId, redirectUrl: page.url, updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), isNull(payments.providerRef)))
        .returning({ url: payments.redirectUrl });
      if (recorded) return page.url;
      // Another click recorded its page first: that one is the order's.
      const [first] = await scope.db.select({ url: payments.redirectUrl }).from(payments).where(eq(payments.id, payment.id));
      return first?.url ?? page.url;
    },

    /**
     * A webhook: verified (WebhookSignatureError otherwise), then applied once. Anything thrown
     * else means "tell me again later", which the provider does.
     */
    async webhook(scope: Scope, rawBody: string, signature: string | undefined): Promise<WebhookResult> {
      if (!provider) throw new ShopError("UNKNOWN_PROVIDER", "This shop takes no card payments.");
      const event = provider.parseWebhook(rawBody, signature);
      if (event.kind === "other") return { outcome: "ignored" };
      return applyOnce(scope, event, true);
    },

    /**
     * The shopper gives up paying (the order page's "Cancel order" after leaving the payment page):
     * the page is closed at the provider, then the order cancelled and its stock released, and its
     * items go back in `bag`, by the rules of `viewer` (the buyer: a member's early access and
     * prices). If it turns out paid meanwhile, it is paid. Answers the order as it is now.
     */
    async abandon(
      scope: Scope,
      ref: Order | string,
      bag: BagRef = null,
      viewer: Viewer = ANY_VISITOR,
    ): Promise<{ order: Order; cancelled: boolean; back: { added: number; missed: string[] } }> {
      const order = await orderOf(scope.db, ref);
      const [payment] = await scope.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id));
      if (!provider || order.status !== "awaiting_payment" || order.paymentMethod !== "stripe")
        return { order, cancelled: false, back: nothingBack };
      try {
        if (payment?.providerRef) await settleFromProvider(scope, payment.providerRef);
        else await cancelUnopened(scope, order.number);
      } catch (error) {
        if (error instanceof ShopError) throw error;
        throw unavailable(error);
      }
      // Cancelled now (by this call, or by Stripe's expiry webhook just before it): `cancelled` is
      // true for one call only, so a second click puts nothing back twice.
      const now = await withTransaction(scope, async (tx) => {
        const locked = await lockOrder(tx.db, order.number);
        if (locked.status !== "cancelled") return { order: locked, cancelled: false };
        const [told] = await tx.db
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, locked.id), eq(orderEvents.note, GAVE_UP_NOTE)));
        if (told) return { order: locked, cancelled: false };
        await tx.db.insert(orderEvents).values({ orderId: locked.id, status: "cancelled", note: GAVE_UP_NOTE });
        return { order: locked, cancelled: true };
      });
      if (!now.cancelled || bag === null) return { ...now, back: nothingBack };
      // Its items go back in the buyer's bag, as far as stock and the bag's limits allow.
      const lines = await scope.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
      const items = lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity, name: line.productName }));
      return { ...now, back: await deps.bags.addLines(scope, bag, items, viewer) };
    },

    /**
     * Card orders whose payment page should have ended by now: each is settled by asking the
     * provider (paid after all, or closed and cancelled), for when its webhook never came.
     */
    sweep(scope: Scope, now = new Date()): Promise<number> {
      // One sweep at a time: a slow provider must not have the next minute's sweep ask it the same again.
      if (!provider) return Promise.resolve(0);
      sweeping ??= sweepNow(scope, now).finally(() => {
        sweeping = null;
      });
      return sweeping;
    },

    /** The staff's refund: for a card order the provider pays back first, then the order records what it says. */
    async refund(scope: Scope, number: unknown, raw: unknown = {}) {
      const order = await cardOrder(scope.db, number);
      if (!order) return deps.staff.refund(scope, number, raw);
      if (!provider) throw noProvider();
      const input = parseInput(refundInput, raw);
      const amount = refundable(order, input.amount, deps.money);
      const settled = await refundAt(scope.db, order, amount, `refund-${order.number}-${order.refunded}-${amount}`);
      const result = await deps.staff.refund(scope, number, raw, settled);
      await markRefundedWhenFull(scope.db, result);
      return result;
    },

    /** The staff's cancel: a paid card order is refunded at the provider first; an unpaid one's page is closed. */
    cancel(scope: Scope, number: unknown, raw: unknown = {}): Promise<Order> {
      return cancelCard(scope, number, raw, false);
    },
  };
  return api;

  /**
   * The staff's cancel of a card order. `retried`: this call follows the one that recorded the
   * page as paid; it never calls itself again (a state that did not change would ask Stripe forever).
   */
  async function cancelCard(scope: Scope, number: unknown, raw: unknown, retried: boolean): Promise<Order> {
    const order = await cardOrder(scope.db, number);
    if (!order) return deps.staff.cancel(scope, number, raw);
    if (!provider) {
      // Without the provider nothing can be closed or refunded: only an unpaid order can go.
      if (order.status === "awaiting_payment") return deps.staff.cancel(scope, number, raw);
      throw noProvider();
    }
    const [held] = await scope.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "mismatch")));
    if (held) return cancelHeld(scope, order, held, raw);
    const [current] = await scope.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id));
    // A held payment Stripe refunded in full (in its dashboard) never paid the order: the order goes
    // (refused if it is gone already), and nothing is refunded again.
    if (current?.status === "refunded" && !paysOrder(current, order)) return deps.staff.cancel(scope, number, raw);
    if (order.status === "awaiting_payment") {
      const payment = current;
      if (payment?.providerRef) {
        const state = await provider!.expireCheckout(payment.providerRef).catch((error: unknown) => {
          throw unavailable(error);
        });
        // Paid meanwhile: recorded as paid, then cancelled below as a paid order (refunded).
        if (state.status === "complete" && state.paid) {
          const applied = await applyOnce(
            scope,
            { id: "", kind: "paid", sessionId: payment.providerRef, paymentRef: state.paymentRef, charged: state.charged },
            false,
          );
          // Paid with another amount: held for the staff, who see why (not cancelled blind).
          if (applied.mismatch) throw mismatchError(applied.mismatch);
          // Recorded as paid now: cancelled as a paid order, once. Stripe's answer that changed
          // nothing here is not asked again.
          if (retried) {
            throw new ShopError(
              "INVALID_TRANSITION",
              `Order ${order.number}: Stripe says its payment page was paid, but the shop could not record the payment, so it is not cancelled. Please check the payment in Stripe.`,
            );
          }
          return cancelCard(scope, number, raw, true);
        }
      }
      return deps.staff.cancel(scope, number, raw);
    }
    // A paid card order is cancelled first (its stock is back at once), then refunded at the
    // provider, then the refund is recorded and told. A cancelled order whose payment is not all
    // back yet (the provider could not be reached before) is finished the same way.
    const [payment] = await scope.db.select().from(payments).where(eq(payments.orderId, order.id));
    const unfinished = order.status === "cancelled" && payment?.status === "paid" && order.refunded < order.total;
    if (order.status !== "paid" && !unfinished) return deps.staff.cancel(scope, number, raw); // refused with the reason
    // Told once, by the call that cancels (a second click finds it cancelled and is refused).
    const cancelled = unfinished ? order : await deps.staff.cancel(scope, number, raw, { refundPending: true });
    // Not taken now (the provider cannot be reached): the sweep asks again until it is.
    const settled = await refundAt(scope.db, cancelled, cancelled.total - cancelled.refunded, `cancel-${order.number}`);
    return withTransaction(scope, async (tx) => {
      const locked = await lockOrder(tx.db, order.number);
      const recorded = (await recordRefund(tx.db, locked, settled.refundedTotal, "Refunded through Stripe")) ?? locked;
      await markRefundedWhenFull(tx.db, recorded);
      return recorded;
    });
  }

  /** Card orders whose payment page (or slow payment) should have ended by now, and refunds still owed. */
  async function sweepNow(scope: Scope, now: Date): Promise<number> {
    const due = await scope.db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(
        and(
          eq(orders.status, "awaiting_payment"),
          eq(orders.paymentMethod, "stripe"),
          inArray(payments.status, ["pending", "processing"]),
          lte(orders.reservedUntil, now),
        ),
      )
      .orderBy(asc(orders.reservedUntil))
      .limit(50);
    // Cancelled card orders whose refund the provider did not take (it could not be reached).
    const owed = await scope.db
      .select({ number: orders.number })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(eq(orders.status, "cancelled"), eq(payments.status, "paid"), lt(orders.refunded, orders.total)))
      .limit(20);
    const failures: unknown[] = [];
    // One order's trouble (a page the provider no longer knows) must not hold up the others.
    for (const { order, payment } of due) {
      try {
        if (payment.providerRef) await settleFromProvider(scope, payment.providerRef);
        else await cancelUnopened(scope, order.number);
      } catch (error) {
        failures.push(error);
      }
    }
    for (const { number } of owed) {
      try {
        await api.cancel(scope, number);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} card payments could not be settled now`);
    return due.length + owed.length;
  }

  async function orderOf(db: Db, ref: Order | string): Promise<Order> {
    if (typeof ref !== "string") return ref;
    const order = await orderByNumber(db, ref);
    if (!order) throw new ShopError("ORDER_NOT_FOUND", "Order not found.");
    return order;
  }

  /** A card order (whether or not the shop takes cards now); null for anything else. */
  async function cardOrder(db: Db, number: unknown): Promise<Order | null> {
    if (typeof number !== "string") return null;
    const order = await orderByNumber(db, number);
    return order?.paymentMethod === "stripe" ? order : null;
  }

  /** Pays back `amount` of the order's card payment at the provider; what it says is refunded by now. */
  async function refundAt(db: Db, order: Order, amount: number, key: string) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), isNotNull(payments.providerPaymentRef)));
    if (!payment?.providerPaymentRef) {
      throw new ShopError("INVALID_TRANSITION", `Order ${order.number} has no card payment to refund.`);
    }
    try {
      return await provider!.refund(payment.providerPaymentRef, amount, key);
    } catch (error) {
      throw unavailable(error);
    }
  }
}

export type Payments = ReturnType<typeof createPayments>;
