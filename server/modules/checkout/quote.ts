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
  unitPrice: number;
  lineTotal: number;
}

export interface QuoteTotals {
  /** The items at their prices. */
  subtotal: number;
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

export interface PricingInput {
  lines: readonly Pick<QuoteLine, "quantity" | "unitPrice">[];
  method: Pick<DeliveryMethod, "price" | "freeFrom"> | null;
  vatRateBasisPoints: number;
  promo: Pick<PromoCode, "kind" | "value"> | null;
}

/** What a promo code takes off `subtotal`: a share (rounded) or an amount, never more than the items. */
export function promoDiscount(promo: Pick<PromoCode, "kind" | "value"> | null, subtotal: number): number {
  if (!promo) return 0;
  const off = promo.kind === "percent" ? Math.round((subtotal * promo.value) / 10_000) : promo.value;
  return Math.min(off, subtotal);
}

/** Delivery's price: free once the items (after discount) reach the method's threshold. */
export function deliveryPrice(method: Pick<DeliveryMethod, "price" | "freeFrom"> | null, items: number): number {
  if (!method) return 0;
  return method.freeFrom !== null && items >= method.freeFrom ? 0 : method.price;
}

/** The VAT included in a gross amount at a rate in basis points. */
export function includedVat(gross: number, rateBasisPoints: number): number {
  return Math.round((gross * rateBasisPoints) / (10_000 + rateBasisPoints));
}

export function priceOrder(input: PricingInput): QuoteTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = promoDiscount(input.promo, subtotal);
  const delivery = deliveryPrice(input.method, subtotal - discount);
  const total = subtotal - discount + delivery;
  return {
    subtotal,
    discount,
    delivery,
    total,
    tax: includedVat(total, input.vatRateBasisPoints),
    vatRateBasisPoints: input.vatRateBasisPoints,
  };
}
