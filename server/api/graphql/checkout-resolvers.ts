import { requestBag } from "../../modules/cart/index.ts";
import { shopErrorCode } from "../../lib/shop-error.ts";
import { BANK_TRANSFER, CARD, type OrderView } from "../../modules/orders/index.ts";
import { asGraphQLError, shopCall } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";

/*
 * Checkout's resolvers: thin, over the checkout and orders modules (which validate, price and
 * decide who may see what). Whose bag is cart/whose-bag.ts's one rule: prices are for the bag named
 * by cartId, else the customer's, else the cart cookie's; a customer orders from their own bag.
 */

const money = (amount: number, currency: string) => ({ amount, currency });
const PAYMENT_METHODS: Record<string, string> = { BANK_TRANSFER, STRIPE: CARD };

/** The order view with its currency on every Money field. */
function placedOrder(order: OrderView) {
  const m = (amount: number) => money(amount, order.currency);
  const transfer = order.payment.transfer;
  return {
    ...order,
    lines: order.lines.map((line) => ({ ...line, unitPrice: m(line.unitPrice), lineTotal: m(line.lineTotal) })),
    totals: {
      subtotal: m(order.totals.subtotal),
      discount: m(order.totals.discount),
      delivery: m(order.totals.delivery),
      tax: m(order.totals.tax),
      vatRate: order.totals.vatRate,
      total: m(order.totals.total),
    },
    deliveryMethod: order.deliveryMethod.name,
    bankTransfer: transfer,
    cardPayment: order.payment.card,
  };
}

export const checkoutResolvers: Resolvers = {
  Query: {
    async deliveryMethods(_, args, context) {
      const bag = await requestBag(context, args.cartId);
      // Priced for who asks: member prices in the items, a plan's free delivery (ADR 41).
      const viewer = await context.viewer();
      const items = bag == null ? 0 : ((await context.services.cart.get(context, bag, viewer))?.subtotal ?? 0);
      const methods = await shopCall(() =>
        context.services.checkout.deliveryOptions(context, { country: args.country }, items, viewer),
      );
      return methods.map((method) => ({
        ...method,
        price: money(method.price, context.currency),
        freeFrom: method.freeFrom === null ? null : money(method.freeFrom, context.currency),
      }));
    },

    async placedOrder(_, args, context) {
      const session = await context.session();
      try {
        const order = await context.services.orders.visibleOrder(context, args.number, {
          customerId: session?.user.id ?? null,
          token: args.token ?? null,
        });
        return placedOrder(order);
      } catch (error) {
        // Another's order, an unknown number, a wrong token: null alike.
        if (shopErrorCode(error) === "ORDER_NOT_FOUND") return null;
        throw asGraphQLError(error);
      }
    },
  },

  Mutation: {
    async placeOrder(_, args, context) {
      const { cartId, paymentMethod, ...input } = args.input;
      const session = await context.session();
      // A customer's own bag, whatever cartId names, as over REST and on the checkout page.
      const bag = await requestBag(context, cartId, "order");
      const viewer = await context.viewer();
      const placed = await shopCall(
        () =>
          context.services.checkout.placeOrder(
            context,
            { customerId: session?.user.id ?? null, bag, viewer },
            { ...input, paymentMethod: PAYMENT_METHODS[paymentMethod ?? "BANK_TRANSFER"] },
            { idempotencyKey: args.idempotencyKey ?? null },
          ),
        "input",
      );
      const { orders } = context.services;
      return placedOrder(
        placed.replayed
          ? await orders.view(context, placed.order)
          : await orders.placedView(context, placed.order, placed.lines, placed.paymentUrl),
      );
    },
  },
};
