import type { Payment } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { cancelOrder, lockOrder } from "../orders/index.ts";
import { applyOnce } from "./apply-event.ts";
import type { PaymentsKit } from "./kit.ts";
import { mismatchError } from "./mismatch.ts";
import { PaymentProviderError, type PaymentEvent } from "./provider.ts";

/*
 * Settling an unpaid card order's page without waiting for a webhook (the sweep, the shopper's
 * cancel): the provider is asked to close it and says how it ended, which is applied as its event
 * would have been. A page that was never opened has nothing to ask: its order goes.
 */

/** Settles the page of an order awaiting its card payment: asks the provider, or cancels an order whose page never opened. */
export async function settlePage(kit: PaymentsKit, scope: Scope, number: string, payment: Pick<Payment, "providerRef">) {
  if (payment.providerRef) await settleFromProvider(kit, scope, payment.providerRef);
  else await cancelUnopened(scope, number);
}

/** Applies what the provider says of a page now, without an event id. */
async function settleFromProvider(kit: PaymentsKit, scope: Scope, sessionId: string): Promise<void> {
  const state = await kit.provider!.expireCheckout(sessionId);
  // Still open (closing it failed): nothing is decided; the next sweep asks again.
  if (state.status === "open") throw new PaymentProviderError(`Stripe: checkout session ${sessionId} could not be closed.`);
  const event: PaymentEvent =
    state.status === "expired"
      ? { id: "", kind: "expired", sessionId }
      : state.paid
        ? { id: "", kind: "paid", sessionId, paymentRef: state.paymentRef, charged: state.charged }
        : { id: "", kind: "processing", sessionId };
  const applied = await applyOnce(kit, scope, event, false);
  if (applied.mismatch) throw mismatchError(applied.mismatch);
}

/** A card order whose payment page was never opened (the provider could not be reached): nothing can be paid, so it goes. */
async function cancelUnopened(scope: Scope, number: string) {
  await withTransaction(scope, async (tx) => {
    const locked = await lockOrder(tx.db, number);
    if (locked.status === "awaiting_payment") await cancelOrder(tx.db, locked, "The card payment was not completed");
  });
}
