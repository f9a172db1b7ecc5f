import { ShopError } from "../../lib/shop-error.ts";
import { PaymentProviderError } from "./provider.ts";

/** A payment arrived for an order that was cancelled meanwhile: it must go back before it is recorded. */
export class LatePayment extends Error {
  constructor(
    readonly paymentRef: string,
    readonly amount: number,
    readonly sessionId: string,
  ) {
    super("a payment arrived for a cancelled order");
  }
}

export const noProvider = () =>
  new ShopError("PROVIDER_UNAVAILABLE", "Card payments are not set up in this shop now, so a card payment cannot be refunded.");

export const unavailable = (error: unknown) =>
  new ShopError("PROVIDER_UNAVAILABLE", "Card payments cannot be reached just now: please try again in a moment.", {
    details: { cause: error instanceof PaymentProviderError ? error.message : "unknown" },
  });

/** An order that is not (or no longer) waiting for its card payment. */
export const notAwaitingCard = (number: string) =>
  new ShopError("INVALID_TRANSITION", `Order ${number} is not waiting for a card payment.`);
