import Stripe from "stripe";
import { CARD } from "../orders/index.ts";
import {
  PaymentProviderError,
  WebhookPayloadError,
  WebhookSignatureError,
  type Charged,
  type CheckoutRequest,
  type HostedCheckout,
  type PaymentEvent,
  type PaymentProvider,
  type SessionState,
} from "./provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /**
   * Another address for Stripe's API (a local fake in the tests); its origin is then also the
   * hosted page's. Unset: api.stripe.com, and the hosted page on checkout.stripe.com.
   */
  apiUrl?: string;
}

/** Stripe's default: a webhook signed more than five minutes ago is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Card payments through Stripe Checkout (ADR 38), with the official client. Every call that
 * creates something carries an idempotency key, so a retry never opens a second page or refunds
 * twice; the client retries network failures itself.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "keeper-shop" },
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
      protocol: api.protocol === "https:" ? "https" : "http",
    }),
  });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new PaymentProviderError(`Stripe: ${(error as Error).message}`, { cause: error });
    }
  };

  return {
    name: CARD,
    checkoutOrigin: api ? api.origin : "https://checkout.stripe.com",

    async startCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<HostedCheckout> {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: request.orderNumber,
            customer_email: request.email,
            // One line for the whole order: the amount is the shop's total (discount, delivery
            // and VAT included), so Stripe charges exactly what the order says.
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: `Order ${request.orderNumber}`, description: request.description },
                },
              },
            ],
            metadata: { order: request.orderNumber },
            payment_intent_data: { metadata: { order: request.orderNumber } },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError("Stripe: the checkout session has no payment page.");
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async expireCheckout(sessionId: string): Promise<SessionState> {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status !== "open") return stateOf(session);
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch {
        // Paid or expired in the meantime: what it is now is the answer.
        return stateOf(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
      }
    },

    async refund(paymentRef: string, amount: number | null, idempotencyKey: string) {
      // Without an amount Stripe refunds all of the payment that is not refunded yet.
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentRef, ...(amount !== null && { amount }), expand: ["charge"] },
          { idempotencyKey },
        ),
      );
      const charge = refund.charge;
      const refundedTotal = charge && typeof charge === "object" ? charge.amount_refunded : refund.amount;
      return { amount: refund.amount, refundedTotal };
    },

    parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return meaningOf(event);
    },
  };
}

function stateOf(session: Stripe.Checkout.Session): SessionState {
  return {
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    paymentRef: refOf(session.payment_intent),
    charged: chargedBy(session),
  };
}

/**
 * What a checkout session charged, in the currency the shop asked for: with Stripe's adaptive
 * pricing the buyer may pay in their own currency (`currency`, `amount_total`), and
 * `currency_conversion` then holds the amount in the shop's.
 */
function chargedBy(session: Stripe.Checkout.Session): Charged | null {
  const conversion = session.currency_conversion;
  const amount = conversion ? conversion.amount_total : session.amount_total;
  const currency = conversion ? conversion.source_currency : session.currency;
  if (typeof amount !== "number" || typeof currency !== "string") return null;
  return { amount, currency: currency.toUpperCase() };
}

function refOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** What the shop makes of a Stripe event (ADR 38). */
function meaningOf(event: Stripe.Event): PaymentEvent {
  const id = event.id;
  // Signed, so Stripe's (or someone holding the secret's), but not necessarily whole: an event the
  // shop cannot read is refused as such (400), rather than failing on a missing field (500).
  if (typeof id !== "string" || id === "") throw new WebhookPayloadError("The event has no id.");
  const object = (event as { data?: { object?: unknown } }).data?.object;
  const readable = (kind: "checkout.session" | "charge") => {
    const value = object as { id?: unknown; object?: unknown } | null | undefined;
    if (!value || typeof value !== "object" || typeof value.id !== "string")
      throw new WebhookPayloadError(`The ${event.type} event has no ${kind} in data.object.`);
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      readable("checkout.session");
      const session = event.data.object;
      // Completed but unpaid: a payment method that settles later (a bank debit); its own event follows.
      if (session.payment_status === "unpaid") return { id, kind: "processing", sessionId: session.id };
      return { id, kind: "paid", sessionId: session.id, paymentRef: refOf(session.payment_intent), charged: chargedBy(session) };
    }
    case "checkout.session.async_payment_failed":
      readable("checkout.session");
      return { id, kind: "failed", sessionId: event.data.object.id };
    case "checkout.session.expired":
      readable("checkout.session");
      return { id, kind: "expired", sessionId: event.data.object.id };
    case "charge.refunded": {
      readable("charge");
      const charge = event.data.object;
      const paymentRef = refOf(charge.payment_intent);
      if (!paymentRef) return { id, kind: "other", type: event.type };
      if (typeof charge.amount_refunded !== "number")
        throw new WebhookPayloadError("The charge.refunded event has no amount_refunded.");
      return {
        id,
        kind: "refunded",
        paymentRef,
        refundedTotal: charge.amount_refunded,
        orderNumber: charge.metadata?.order ?? null,
      };
    }
    default:
      return { id, kind: "other", type: event.type };
  }
}
