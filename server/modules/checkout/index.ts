import type { Scope } from "../../lib/scope.ts";
import { parseInput, type ShopError } from "../../lib/shop-error.ts";
import type { DeliveryMethod, Order } from "../../db/schema/index.ts";
import {
  cartIdOf,
  keepCheckoutChoices,
  view,
  cartNotFound,
  type CartView,
  type CartWithToken,
  type CheckoutChoices,
} from "../cart/index.ts";
import { chooseMethod, deliveryOption, deliveryTo, methodsTo, type DeliveryFacts, type DeliveryOption } from "./delivery.ts";
import { noDeliveryTo } from "./errors.ts";
import { findCountry } from "../customers/index.ts";
import { isCardOrder } from "../orders/index.ts";
import { priceBag, type CheckoutChoices as PricingChoices, type PricedBag } from "./pricing.ts";
import { redeemersOf } from "./promo.ts";
import { priceOrder } from "./quote.ts";
import { checkoutLimits } from "./limits.ts";
import { promoTries } from "./promo-tries.ts";
import { placeOrder, type Buyer, type CheckoutDeps, type PlacedOrder, type PlaceOrderOptions } from "./place-order.ts";
import { quoteInput } from "./schemas.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/index.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { DeliveryOption } from "./delivery.ts";
export type { Buyer, CheckoutDeps, PlacedOrder, PlaceOrderOptions } from "./place-order.ts";
export type { CheckoutLine, MembershipLine, PricedBag } from "./pricing.ts";
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
  const limits = checkoutLimits(deps.rateLimits);
  /** Prices a bag already read, with the delivery facts to its country (non-strict, as quotes are). */
  const priceRead = (scope: Scope, read: { bag: CartView; delivery: DeliveryFacts }, choices: PricingChoices) =>
    priceBag(scope.db, read, choices, deps.money, false);

  const checkout = {
    /** The delivery methods to a country, priced for `items` (minor units) of goods bought by `viewer` (free delivery). */
    async deliveryOptions(
      scope: Scope,
      raw: unknown,
      items = 0,
      viewer: Pick<Viewer, "freeDelivery"> = ANY_VISITOR,
    ): Promise<DeliveryOption[]> {
      const { country } = parseInput(quoteInput.pick({ country: true }), raw);
      return (await methodsTo(scope.db, country)).map((method) => deliveryOption(method, items, viewer.freeDelivery));
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
      const placed = await placeOrder({ ...deps, limits }, scope, buyer, raw, options);
      const { order } = placed;
      const unpaidCard = isCardOrder(order) && order.status === "awaiting_payment";
      const paymentUrl = unpaidCard && deps.openPayment ? await deps.openPayment(scope, order).catch(() => null) : null;
      return { ...placed, paymentUrl };
    },

    /**
     * Keeps the checkout choices a shop API client sends for its bag (PATCH /ecommerce/carts): a
     * country the shop delivers to, maybe one of its delivery methods and a promo code the bag may
     * use. Each refusal is the error placing the order would give, and keeps nothing. Answers the
     * bag with its new choices and their totals, priced once from the one read of the bag.
     */
    async chooseForBag(scope: Scope, buyer: Buyer, raw: unknown): Promise<{ bag: CartWithToken; priced: BagTotals | null }> {
      const viewer = buyer.viewer ?? ANY_VISITOR;
      const cartId = await cartIdOf(scope.db, buyer.bag);
      if (cartId === null) throw cartNotFound();
      const input = parseInput(quoteInput, raw);
      const [bag, delivery] = await Promise.all([view(scope.db, buyer.bag, cartId, viewer), deliveryTo(scope.db, input.country)]);
      if (bag.lines.length === 0 && bag.membership) {
        // A membership alone is not delivered: the country only has to be one the shop sells to.
        if (!delivery.sold) throw noDeliveryTo(findCountry(input.country)?.name ?? input.country, "country");
      } else {
        // No method named: the country only has to have one.
        chooseMethod(delivery.methods, input.country, input.deliveryMethod ?? delivery.methods[0]?.id ?? "", "country");
      }
      const priced = await priceRead(
        scope,
        { bag, delivery },
        {
          ...input,
          redeemers: redeemersOf(buyer.customerId, input.email ?? null),
          viewer,
          promoTries: promoTries(limits, scope, cartId),
        },
      );
      if (priced.promoError) throw priced.promoError;
      const checkout: CheckoutChoices = {
        country: input.country,
        deliveryMethod: input.deliveryMethod ?? null,
        promoCode: input.promoCode ?? null,
      };
      await keepCheckoutChoices(scope.db, buyer.bag, checkout);
      return { bag: { ...bag, checkout }, priced: totalsOf(priced, checkout.deliveryMethod) };
    },

    /**
     * The totals of a bag just read (shop API) for the checkout choices kept with it, priced now:
     * null until it holds something and a country and one of its delivery methods are chosen. A
     * kept promo code that no longer applies (expired, used up) takes nothing off: `promoError`
     * says why. `viewer`: whom the bag was read for (cart.get), whose benefits apply.
     */
    async totalsFor(
      scope: Scope,
      bag: CartView & { checkout: CheckoutChoices },
      customerId: number | null = null,
      viewer: Viewer = ANY_VISITOR,
    ) {
      const { country, deliveryMethod, promoCode } = bag.checkout;
      // A membership alone is totalled without a method (nothing is delivered).
      if ((bag.lines.length === 0 && !bag.membership) || !country) return null;
      if (bag.lines.length > 0 && !deliveryMethod) return null;
      const delivery = await deliveryTo(scope.db, country);
      const priced = await priceRead(
        scope,
        { bag, delivery },
        {
          country,
          deliveryMethod: deliveryMethod ?? undefined,
          promoCode: promoCode ?? undefined,
          redeemers: redeemersOf(customerId, null),
          viewer,
        },
      );
      return totalsOf(priced, deliveryMethod);
    },

    /**
     * The buyer's bag priced for the checkout page: for a country, maybe a method and a promo code
     * (and the e-mail the code would be used by). Problems are returned, not thrown, to be shown.
     */
    async quote(scope: Scope, buyer: Buyer, raw: unknown): Promise<PricedBag> {
      const viewer = buyer.viewer ?? ANY_VISITOR;
      const input = parseInput(quoteInput, raw);
      const cartId = await cartIdOf(scope.db, buyer.bag);
      if (cartId === null) return emptyQuote(await methodsTo(scope.db, input.country), viewer);
      const choices = {
        ...input,
        redeemers: redeemersOf(buyer.customerId, input.email ?? null),
        viewer,
        promoTries: promoTries(limits, scope, cartId),
      };
      return priceBag(scope.db, cartId, choices, deps.money, false);
    },
  };
  return checkout;
}

export type Checkout = ReturnType<typeof createCheckout>;

/** A bag's totals for the checkout choices kept with it (shop API), and why its promo code takes nothing off. */
export interface BagTotals {
  totals: { subtotal: number; discount: number; delivery: number; tax: number; vatRate: number; total: number };
  /** The kept promo code's refusal (PROMO_REFUSED) when it no longer applies; null when it does, or none is kept. */
  promoError: ShopError | null;
}

function totalsOf(priced: PricedBag, deliveryMethod: string | null): BagTotals | null {
  if (priced.lines.length === 0 && !priced.membership) return null;
  // Goods with a method no longer offered (or none chosen) leave nothing to total.
  if (priced.needsDelivery && (!deliveryMethod || priced.method?.id !== deliveryMethod)) return null;
  const { subtotal, discount, delivery, tax, total, vatRateBasisPoints } = priced.totals;
  return {
    totals: { subtotal, discount, delivery, tax, vatRate: vatRateBasisPoints / 100, total },
    promoError: priced.promoError,
  };
}

function emptyQuote(methods: DeliveryMethod[], viewer: Viewer): PricedBag {
  const totals = priceOrder({ lines: [], method: null, vatRateBasisPoints: 0, promo: null });
  return {
    lines: [],
    membership: null,
    needsDelivery: true,
    problems: [],
    methods: methods.map((m) => deliveryOption(m, 0, viewer.freeDelivery)),
    method: null,
    promo: null,
    promoError: null,
    totals,
    fingerprint: "",
  };
}
