import { and, eq, isNull, sql } from "drizzle-orm";
import { orders, payments, type Order } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { isCardOrder } from "../orders/index.ts";
import { notAwaitingCard, unavailable } from "./errors.ts";
import type { PaymentsKit } from "./kit.ts";
import { latestPayment, orderOf } from "./rows.ts";

/**
 * The payment page of an unpaid card order: the one already opened, or a new one (the same
 * one again if opening was interrupted: the call's key is the order's).
 */
export async function payPage(kit: PaymentsKit, scope: Scope, ref: Order | string): Promise<string> {
  const { provider, deps } = kit;
  const order = await orderOf(scope.db, ref);
  if (!provider || !isCardOrder(order) || order.status !== "awaiting_payment" || !order.reservedUntil) {
    throw notAwaitingCard(order.number);
  }
  const payment = await latestPayment(scope.db, order);
  if (!payment || payment.status !== "pending") throw notAwaitingCard(order.number);
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
      .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment"), eq(orders.reservedUntil, order.reservedUntil)))
      .returning({ reservedUntil: orders.reservedUntil });
    if (won) expiresAt = extended;
    else {
      const [now] = await scope.db.select({ reservedUntil: orders.reservedUntil }).from(orders).where(eq(orders.id, order.id));
      if (!now?.reservedUntil || now.reservedUntil.getTime() < minimum) throw notAwaitingCard(order.number);
      expiresAt = now.reservedUntil;
    }
  }
  const back = deps.orderLink(order.number);
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
}
