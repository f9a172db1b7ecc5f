import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payments, type Order } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { lockOrder, recordRefund, refundable, refundInput, type Settled } from "../orders/index.ts";
import { applyOnce } from "./apply-event.ts";
import { noProvider, unavailable } from "./errors.ts";
import type { PaymentsKit } from "./kit.ts";
import { cancelHeld, mismatchError } from "./mismatch.ts";
import { cardOrder, chargedPayment, latestPayment, markRefundedWhenFull, paysOrder } from "./rows.ts";

/*
 * The staff's refund and cancel (issue 11 §3) of a card order go through the provider first: the
 * money goes back there, then the order records what the provider says. Any other order is the
 * orders module's alone.
 */

/** The staff's refund: for a card order the provider pays back first, then the order records what it says. */
export async function staffRefund(kit: PaymentsKit, scope: Scope, number: unknown, raw: unknown = {}) {
  const { staff } = kit.deps;
  const order = await cardOrder(scope.db, number);
  if (!order) return staff.refund(scope, number, raw);
  if (!kit.provider) throw noProvider();
  const input = parseInput(refundInput, raw);
  const amount = refundable(order, input.amount, kit.deps.money);
  const settled = await refundAt(kit, scope.db, order, amount, `refund-${order.number}-${order.refunded}-${amount}`);
  const result = await staff.refund(scope, number, raw, settled);
  await markRefundedWhenFull(scope.db, result);
  return result;
}

/**
 * The staff's cancel: a paid card order is refunded at the provider first; an unpaid one's page is
 * closed. `retried`: this call follows the one that recorded the page as paid; it never calls
 * itself again (a state that did not change would ask Stripe forever).
 */
export async function staffCancel(
  kit: PaymentsKit,
  scope: Scope,
  number: unknown,
  raw: unknown = {},
  retried = false,
): Promise<Order> {
  const { provider, deps } = kit;
  const { staff } = deps;
  const order = await cardOrder(scope.db, number);
  if (!order) return staff.cancel(scope, number, raw);
  if (!provider) {
    // Without the provider nothing can be closed or refunded: only an unpaid order can go.
    if (order.status === "awaiting_payment") return staff.cancel(scope, number, raw);
    throw noProvider();
  }
  const [held] = await scope.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "mismatch")));
  if (held) return cancelHeld(kit, scope, order, held, raw);
  const current = await latestPayment(scope.db, order);
  // A held payment Stripe refunded in full (in its dashboard) never paid the order: the order goes
  // (refused if it is gone already), and nothing is refunded again.
  if (current?.status === "refunded" && !paysOrder(current, order)) return staff.cancel(scope, number, raw);
  if (order.status === "awaiting_payment") {
    if (current?.providerRef) {
      const state = await provider.expireCheckout(current.providerRef).catch((error: unknown) => {
        throw unavailable(error);
      });
      // Paid meanwhile: recorded as paid, then cancelled below as a paid order (refunded).
      if (state.status === "complete" && state.paid) {
        const applied = await applyOnce(
          kit,
          scope,
          { id: "", kind: "paid", sessionId: current.providerRef, paymentRef: state.paymentRef, charged: state.charged },
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
        return staffCancel(kit, scope, number, raw, true);
      }
    }
    return staff.cancel(scope, number, raw);
  }
  // A paid card order is cancelled first (its stock is back at once), then refunded at the
  // provider, then the refund is recorded and told. A cancelled order whose payment is not all
  // back yet (the provider could not be reached before) is finished the same way.
  const unfinished = order.status === "cancelled" && current?.status === "paid" && order.refunded < order.total;
  if (order.status !== "paid" && !unfinished) return staff.cancel(scope, number, raw); // refused with the reason
  // Told once, by the call that cancels (a second click finds it cancelled and is refused).
  const cancelled = unfinished ? order : await staff.cancel(scope, number, raw, { refundPending: true });
  // Not taken now (the provider cannot be reached): the sweep asks again until it is.
  const settled = await refundAt(kit, scope.db, cancelled, cancelled.total - cancelled.refunded, `cancel-${order.number}`);
  return withTransaction(scope, async (tx) => {
    const locked = await lockOrder(tx.db, order.number);
    const recorded = (await recordRefund(tx.db, locked, settled.refundedTotal, "Refunded through Stripe")) ?? locked;
    await markRefundedWhenFull(tx.db, recorded);
    return recorded;
  });
}

/** Pays back `amount` of the order's card payment at the provider; what it says is refunded by now. */
async function refundAt(kit: PaymentsKit, db: Db, order: Order, amount: number, key: string): Promise<Settled> {
  const payment = await chargedPayment(db, order);
  if (!payment?.providerPaymentRef) {
    throw new ShopError("INVALID_TRANSITION", `Order ${order.number} has no card payment to refund.`);
  }
  try {
    return await kit.provider!.refund(payment.providerPaymentRef, amount, key);
  } catch (error) {
    throw unavailable(error);
  }
}
