import { ShopError } from "../../lib/shop-error.ts";

export const PROMO_REFUSALS = {
  unknown: "This promo code does not exist. Check how it is spelt.",
  "not-started": "This promo code cannot be used yet.",
  expired: "This promo code has expired.",
  "used-up": "This promo code has been used as often as it may be.",
  "already-used": "You have used this promo code before: it works once per customer.",
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
