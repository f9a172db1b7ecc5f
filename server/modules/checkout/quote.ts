import type { DeliveryMethod, PromoCode } from "../../db/schema/index.ts";

/*
 * The price of an order, computed from what the database says now (ADR 37): never from anything a
 * client sent. Prices include VAT; the VAT line says how much of the total is VAT at the delivery
 * country's rate. Money is integer minor units; every rounding is to the nearest unit, once.
 */

/** A bag line as checkout prices it. */
export interface QuoteLine {
  variantId: number;
  productId: number;
  name: string;
  sku: string;
  size: string;
  colour: string;
  image: string | null;
  quantity: number;
  /** What the buyer pays for one: a member's price for members (ADR 41). */
  unitPrice: number;
  /** The option's list price, when it differs from unitPrice (a member price); absent: the same. */
  listPrice?: number;
  lineTotal: number;
}

export interface QuoteTotals {
  /** The items at their prices (members': their member prices), and a membership plan bought with them. */
  subtotal: number;
  /** What member prices took off the items' list prices (ADR 41): shown, already out of the subtotal. */
  memberSavings: number;
  /** What the promo code takes off the items. */
  discount: number;
  /** Delivery, VAT included: 0 when free. */
  delivery: number;
  /** Items after discount, plus delivery. */
  total: number;
  /** The VAT the total includes. */
  tax: number;
  vatRateBasisPoints: number;
}

/** What delivery's price reads of a method; a method without `speed` is never a standard one. */
export type PricedMethod = Pick<DeliveryMethod, "price" | "freeFrom"> & { speed?: DeliveryMethod["speed"] };

export interface PricingInput {
  lines: readonly Pick<QuoteLine, "quantity" | "unitPrice" | "listPrice">[];
  method: PricedMethod | null;
  vatRateBasisPoints: number;
  promo: Pick<PromoCode, "kind" | "value"> | null;
  /**
   * The items the promo code applies to, in minor units: a code narrowed to products or categories
   * takes its share or amount off these lines only (promo.ts eligibleItems). Absent: all the items.
   */
  promoBase?: number;
  /** The buyer's plan delivers for free (ADR 41): standard methods cost nothing. */
  freeDelivery?: boolean;
  /**
   * The price of a membership plan bought with the order (ADR 42): part of the subtotal and the
   * VAT, but no promo code discounts it and it does not count towards free delivery.
   */
  membershipPrice?: number;
}

/**
 * What a promo code takes off `subtotal` (the items it applies to): a share (rounded) or an
 * amount, never more than those items. A free-delivery code takes nothing off the items.
 */
export function promoDiscount(promo: Pick<PromoCode, "kind" | "value"> | null, subtotal: number): number {
  if (!promo || promo.kind === "free_delivery") return 0;
  const off = promo.kind === "percent" ? Math.round((subtotal * promo.value) / 10_000) : promo.value;
  return Math.min(off, subtotal);
}

/**
 * Delivery's price: free once the items (after discount) reach the method's threshold, and free
 * on the standard methods for a member whose plan delivers for free (ADR 41: express still costs
 * what it costs, as it would past the threshold).
 */
export function deliveryPrice(method: PricedMethod | null, items: number, freeDelivery = false): number {
  if (!method) return 0;
  if (freeDelivery && method.speed === "standard") return 0;
  return method.freeFrom !== null && items >= method.freeFrom ? 0 : method.price;
}

/** The VAT included in a gross amount at a rate in basis points. */
export function includedVat(gross: number, rateBasisPoints: number): number {
  return Math.round((gross * rateBasisPoints) / (10_000 + rateBasisPoints));
}

export function priceOrder(input: PricingInput): QuoteTotals {
  const goods = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const subtotal = goods + (input.membershipPrice ?? 0);
  const memberSavings = input.lines.reduce(
    (sum, line) => sum + Math.max((line.listPrice ?? line.unitPrice) - line.unitPrice, 0) * line.quantity,
    0,
  );
  const discount = promoDiscount(input.promo, Math.min(input.promoBase ?? goods, goods));
  // A free-delivery code makes whichever method is chosen cost nothing, express included.
  const delivery =
    input.promo?.kind === "free_delivery" ? 0 : deliveryPrice(input.method, goods - discount, input.freeDelivery ?? false);
  const total = subtotal - discount + delivery;
  return {
    subtotal,
    memberSavings,
    discount,
    delivery,
    total,
    tax: includedVat(total, input.vatRateBasisPoints),
    vatRateBasisPoints: input.vatRateBasisPoints,
  };
}
