import type { CARD } from "../orders/index.ts";

/*
 * What the shop needs of a card payment provider (ADR 38). The payments module speaks only this;
 * stripe.ts speaks it for Stripe Checkout, and the tests point that at a local fake of Stripe.
 */

/** A hosted payment page opened for one order. */
export interface HostedCheckout {
  /** The provider's id for it (a Checkout Session's id). */
  sessionId: string;
  /** Where the shopper pays. */
  url: string;
  /** When the page stops taking the payment; the order keeps its stock until then. */
  expiresAt: Date;
}

export interface CheckoutRequest {
  orderNumber: string;
  email: string;
  /** What to charge, in minor units, computed by the shop (never by the client). */
  amount: number;
  currency: string;
  /** What the shopper sees on the payment page for it. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A hosted page's state as the provider tells it. */
export interface SessionState {
  status: "open" | "complete" | "expired";
  /** The money has arrived (a card payment is paid at once; some methods later). */
  paid: boolean;
  /** The provider's id of the payment (refunds name it). */
  paymentRef: string | null;
  /** What the page charged: minor units and ISO currency (upper case); null when the provider does not say. */
  charged: Charged | null;
}

/** An amount the provider charged, in minor units of an ISO 4217 currency (upper case). */
export interface Charged {
  amount: number;
  currency: string;
}

/**
 * A webhook's meaning for the shop. `id` is the provider's event id: a duplicate is recognised by
 * it. The rest is what the shop acts on; anything else is `other` and changes nothing.
 */
export type PaymentEvent =
  /** `charged`: what the provider took, compared with the order's total before it counts as paid. */
  | { id: string; kind: "paid"; sessionId: string; paymentRef: string | null; charged: Charged | null }
  | { id: string; kind: "processing"; sessionId: string }
  | { id: string; kind: "failed"; sessionId: string }
  | { id: string; kind: "expired"; sessionId: string }
  /** Money went back to the buyer: `refundedTotal` is everything refunded so far, not this refund. */
  | { id: string; kind: "refunded"; paymentRef: string; refundedTotal: number; orderNumber: string | null }
  | { id: string; kind: "other"; type: string };

export interface PaymentProvider {
  /** The card payment method it takes: the name orders, payment rows and webhook events store. */
  readonly name: typeof CARD;
  /** The hosted page's origin: a form that posts to the checkout is redirected there (CSP form-action). */
  readonly checkoutOrigin: string;
  startCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<HostedCheckout>;
  /** Closes an open page so it can no longer be paid; answers the state it ended in. */
  expireCheckout(sessionId: string): Promise<SessionState>;
  /**
   * Pays back `amount` of a payment (null: all of it that is not refunded yet); answers this
   * refund's amount and everything refunded of the payment so far.
   */
  refund(paymentRef: string, amount: number | null, idempotencyKey: string): Promise<{ amount: number; refundedTotal: number }>;
  /** A webhook's body, verified against its signature header; throws WebhookSignatureError when it is not the provider's. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}

/** A webhook whose signature does not verify: not from the provider, altered, or too old. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/**
 * A correctly signed webhook whose content is not an event the shop can read (no id, or no
 * `data.object` where its type has one): answered 400, since telling it again changes nothing.
 */
export class WebhookPayloadError extends Error {
  override name = "WebhookPayloadError";
}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}
