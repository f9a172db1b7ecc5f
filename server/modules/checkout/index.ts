import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { DeliveryMethod, Order } from "../../db/schema/index.ts";
import { cartIdOf } from "../cart/bag-rows.ts";
import { chooseMethod, deliveryOption, deliveryTo, methodsTo, type DeliveryOption } from "./delivery.ts";
import { priceBag, type PricedBag } from "./pricing.ts";
import { redeemersOf } from "./promo.ts";
import { priceOrder } from "./quote.ts";
import { placeOrder, type Buyer, type CheckoutDeps, type PlacedOrder, type PlaceOrderOptions } from "./place-order.ts";
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
export function createCheckout(
  deps: CheckoutDeps & {
    /** Opens the card payment page of a just placed card order (payments module); its address. */
    openPayment?: (scope: Scope, order: Order) => Promise<string>;
  },
) {
  const checkout = {
    /** The delivery methods to a country, priced for `items` (minor units) of goods. */
    async deliveryOptions(scope: Scope, raw: unknown, items = 0): Promise<DeliveryOption[]> {
      const { country } = parseInput(quoteInput.pick({ country: true }), raw);
      return (await methodsTo(scope.db, country)).map((method) => deliveryOption(method, items));
    },
    /**
     * Places the order (one transaction), then, for a card order, opens its payment page. A
     * provider that cannot be reached leaves `paymentUrl` null: the order stands, and its page
     * offers to pay again.
     */
    async placeOrder(
      scope: Scope,
      buyer: Buyer,
      raw: unknown,
      options?: PlaceOrderOptions,
    ): Promise<PlacedOrder & { paymentUrl: string | null }> {
      const placed = await placeOrder(deps, scope, buyer, raw, options);
      const { order } = placed;
      const unpaidCard = order.paymentMethod === "stripe" && order.status === "awaiting_payment";
      const paymentUrl = unpaidCard && deps.openPayment ? await deps.openPayment(scope, order).catch(() => null) : null;
      return { ...placed, paymentUrl };
    },

    /**
     * Checks the checkout choices a shop API client keeps with its bag (PATCH /ecommerce/carts):
     * a country the shop delivers to, one of its delivery methods, a promo code the bag may use.
     * Each refusal is the error placing the order would give.
     */
    async checkChoices(scope: Scope, buyer: Buyer, raw: unknown) {
      const input = parseInput(quoteInput, raw);
      const { methods } = await deliveryTo(scope.db, input.country);
      chooseMethod(methods, input.country, input.deliveryMethod ?? methods[0]?.id ?? "", "country");
      if (input.promoCode) {
        const priced = await checkout.quote(scope, buyer, input);
        if (priced.promoError) throw priced.promoError;
      }
      return { country: input.country, deliveryMethod: input.deliveryMethod ?? null, promoCode: input.promoCode ?? null };
    },

    /**
     * The bag's totals for the checkout choices kept with it (shop API), priced now: null until a
     * country and one of its delivery methods are chosen.
     */
    async totalsFor(
      scope: Scope,
      buyer: Buyer,
      choices: { country: string | null; deliveryMethod: string | null; promoCode: string | null },
    ) {
      if (!choices.country || !choices.deliveryMethod) return null;
      const priced = await checkout.quote(scope, buyer, choices);
      if (priced.method?.id !== choices.deliveryMethod) return null;
      const { subtotal, discount, delivery, tax, total, vatRateBasisPoints } = priced.totals;
      return { subtotal, discount, delivery, tax, vatRate: vatRateBasisPoints / 100, total };
    },

    /**
     * The buyer's bag priced for the checkout page: for a country, maybe a method and a promo code
     * (and the e-mail the code would be used by). Problems are returned, not thrown, to be shown.
     */
    async quote(scope: Scope, buyer: Buyer, raw: unknown): Promise<PricedBag> {
      const input = parseInput(quoteInput, raw);
      const cartId = await cartIdOf(scope.db, buyer.bag);
      if (cartId === null) return emptyQuote(await methodsTo(scope.db, input.country));
      const choices = { ...input, redeemers: redeemersOf(buyer.customerId, input.email ?? null) };
      return priceBag(scope.db, cartId, choices, deps.money, false);
    },
  };
  return checkout;
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
