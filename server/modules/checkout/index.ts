import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { DeliveryMethod } from "../../db/schema/index.ts";
import { cartIdOf } from "../cart/bag-rows.ts";
import { deliveryOption, methodsTo, type DeliveryOption } from "./delivery.ts";
import { priceBag, type PricedBag } from "./pricing.ts";
import { redeemerOf } from "./promo.ts";
import { priceOrder } from "./quote.ts";
import { placeOrder, type Buyer, type CheckoutDeps, type PlaceOrderOptions } from "./place-order.ts";
import { quoteInput } from "./schemas.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { DeliveryOption } from "./delivery.ts";
export type { Buyer, CheckoutDeps, PlacedOrder, PlaceOrderOptions } from "./place-order.ts";
export type { CheckoutLine, PricedBag } from "./pricing.ts";
export type { QuoteLine, QuoteTotals } from "./quote.ts";

/**
 * Checkout (ADR 37): the delivery methods to a country and placing an order. Prices, totals, VAT
 * and promo codes are computed here from the database, for pages, the shop API and GraphQL alike.
 */
export function createCheckout(deps: CheckoutDeps) {
  return {
    /** The delivery methods to a country, priced for `items` (minor units) of goods. */
    async deliveryOptions(scope: Scope, raw: unknown, items = 0): Promise<DeliveryOption[]> {
      const { country } = parseInput(quoteInput.pick({ country: true }), raw);
      return (await methodsTo(scope.db, country)).map((method) => deliveryOption(method, items));
    },
    placeOrder: (scope: Scope, buyer: Buyer, raw: unknown, options?: PlaceOrderOptions) =>
      placeOrder(deps, scope, buyer, raw, options),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

function emptyQuote(methods: DeliveryMethod[]): PricedBag {
  const totals = priceOrder({ lines: [], method: null, vatRateBasisPoints: 0, promo: null });
  return {
    lines: [],
    problems: [],
    methods: methods.map((m) => deliveryOption(m, 0)),
    method: null,
    promo: null,
    promoError: null,
    totals,
    fingerprint: "",
  };
}
