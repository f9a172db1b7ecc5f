import { ShopError } from "../../lib/shop-error.ts";
import { MAX_LINE_QUANTITY } from "../cart/index.ts";

export const PROMO_REFUSALS = {
  unknown: "This promo code does not exist. Check how it is spelt.",
  paused: "This promo code is paused at the moment: it cannot be used now.",
  "not-started": "This promo code cannot be used yet.",
  expired: "This promo code has expired.",
  "used-up": "This promo code has been used as often as it may be.",
  "already-used": "You have used this promo code before: it works once per customer.",
  "not-for-these-items": "This promo code applies to other products than those in your bag.",
  "delivery-free": "Delivery is already free for this order: this promo code would take nothing off.",
  // A membership alone (ADR 42): a code would be used up by an order it took nothing off.
  "no-discount": "Promo codes take money off items, and this order has none: remove the code to continue.",
} as const;

export type PromoRefusal = keyof typeof PROMO_REFUSALS | "minimum-spend";

export function promoRefused(reason: PromoRefusal, message?: string): ShopError {
  return new ShopError("PROMO_REFUSED", message ?? PROMO_REFUSALS[reason as keyof typeof PROMO_REFUSALS], {
    field: "promoCode",
    details: { reason },
  });
}

export const emptyBag = () => new ShopError("EMPTY_BAG", "Your bag is empty: add something to it before checking out.");

/** `field`: where the country was given (an order's address, or a bag's checkout choices). */
export const noDeliveryTo = (countryName: string, field = "shippingAddress.country") =>
  new ShopError("DELIVERY_UNAVAILABLE", `Sorry, we do not deliver to ${countryName} yet.`, { field });

export const unknownDeliveryMethod = () =>
  new ShopError("DELIVERY_UNAVAILABLE", "Choose one of the delivery methods offered for this country.", {
    field: "deliveryMethod",
  });

export const idempotencyConflict = () =>
  new ShopError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different order request. Use a new key.");

/** A line that cannot be bought as it is: sold out, or fewer left than wanted (`details` names it). */
export function soldOut(
  line: { variantId: number; name: string; size: string; colour: string; quantity: number },
  available: number,
) {
  const what = `${line.name} (${line.size}, ${line.colour})`;
  const message =
    available === 0
      ? `${what} has just sold out. Remove it from your bag to continue.`
      : `Only ${available} of ${what} ${available === 1 ? "is" : "are"} left. Lower the quantity to continue.`;
  return new ShopError("NOT_ENOUGH_STOCK", message, {
    details: { variantId: line.variantId, name: line.name, wanted: line.quantity, available },
  });
}

/** A line above the per-option cap (a bag filled before the cap was lowered, or by another way in). */
export function tooManyOfOneOption(line: { variantId: number; name: string; size: string; colour: string; quantity: number }) {
  return new ShopError(
    "NOT_ENOUGH_STOCK",
    `You can order at most ${MAX_LINE_QUANTITY} of one option: lower the quantity of ${line.name} (${line.size}, ${line.colour}) to continue.`,
    {
      details: {
        variantId: line.variantId,
        name: line.name,
        wanted: line.quantity,
        available: MAX_LINE_QUANTITY,
        reason: "line-limit",
      },
    },
  );
}

/**
 * Unpaid orders of this buyer (or from this address) would hold more than they may at once.
 * `retryAfterSeconds`: until the earliest of them stops holding its stock, if nothing is paid.
 */
export function unpaidLimit(who: "buyer" | "address", held: number, most: number, retryAfterSeconds: number) {
  const message =
    who === "buyer"
      ? held === 0
        ? `One order may hold at most ${most} items while it waits for payment: please order fewer, or contact us for a larger order.`
        : `Your orders waiting for payment hold ${held} items, and at most ${most} may wait at once: pay for an earlier order first, or order fewer items.`
      : `Orders waiting for payment from your network hold ${held} items, and at most ${most} may wait at once: please pay for an earlier order first, order fewer items, or try again later.`;
  return new ShopError("TOO_MANY_REQUESTS", message, {
    retryAfterSeconds,
    details: { reason: who === "buyer" ? "unpaid-items-buyer" : "unpaid-items-address", held, most },
  });
}

export const tooManyOrdersFromAddress = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many orders from your network in the last hour. Please try again later.", {
    retryAfterSeconds,
    details: { reason: "orders-from-address" },
  });

/** Order mails to one mailbox: beyond the cap an order is refused, never placed without its mail (ADR 50). */
export const tooManyMailsToMailbox = (retryAfterSeconds: number) =>
  new ShopError(
    "TOO_MANY_REQUESTS",
    "We have sent many order confirmations to this e-mail address in the last hour. Please try again later, or log in to order with your account's address.",
    { field: "email", retryAfterSeconds, details: { reason: "mails-to-mailbox" } },
  );

export const tooManyPromoTries = (retryAfterSeconds: number) =>
  new ShopError(
    "TOO_MANY_REQUESTS",
    `Too many promo codes tried. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? "s" : ""} before trying another.`,
    { field: "promoCode", retryAfterSeconds, details: { reason: "promo-tries" } },
  );
