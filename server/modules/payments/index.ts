import type { Order } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import type { BagRef } from "../cart/index.ts";
import type { Viewer } from "../catalog/index.ts";
import { abandon } from "./abandon.ts";
import { webhook } from "./apply-event.ts";
import { createKit, type PaymentsDeps } from "./kit.ts";
import { payPage } from "./pay-page.ts";
import { staffCancel, staffRefund } from "./staff-refund.ts";
import { createCardSweep } from "./sweep.ts";

export { createStripeProvider, type StripeSettings } from "./stripe.ts";
export { PaymentProviderError, WebhookPayloadError, WebhookSignatureError, type PaymentProvider } from "./provider.ts";
export { MISMATCH_NOTE, type PaymentMismatch } from "./mismatch.ts";
export { LATE_PAYMENT_NOTE, type WebhookResult } from "./apply-event.ts";
export type { Abandoned } from "./abandon.ts";
export type { PaymentsDeps } from "./kit.ts";

/**
 * Card payments (ADR 38): the hosted payment page of a card order, the provider's webhooks, the
 * shopper cancelling a payment, the sweep of payment pages that ended unseen, and the staff's
 * refunds and cancellations of card orders, which go through the provider first. One use case a
 * file; this wires them to the module's settings.
 */
export function createPayments(deps: PaymentsDeps) {
  const kit = createKit(deps);
  const sweep = createCardSweep(kit);
  return {
    /** The provider's hosted page origin, for the pages' form-action; null without card payments. */
    checkoutOrigin: deps.provider?.checkoutOrigin ?? null,
    enabled: deps.provider !== null,
    payPage: (scope: Scope, ref: Order | string) => payPage(kit, scope, ref),
    webhook: (scope: Scope, rawBody: string, signature: string | undefined) => webhook(kit, scope, rawBody, signature),
    abandon: (scope: Scope, ref: Order | string, bag?: BagRef, viewer?: Viewer) => abandon(kit, scope, ref, bag, viewer),
    /** Card orders whose page should have ended by now, settled with the provider; one sweep at a time. */
    sweep,
    refund: (scope: Scope, number: unknown, raw?: unknown) => staffRefund(kit, scope, number, raw),
    cancel: (scope: Scope, number: unknown, raw?: unknown): Promise<Order> => staffCancel(kit, scope, number, raw),
  };
}

export type Payments = ReturnType<typeof createPayments>;
