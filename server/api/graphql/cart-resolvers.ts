import { cartNotFound, membershipLineName, type BagRef, type CartWithToken, requestBag } from "../../modules/cart/index.ts";
import { money } from "./catalog-resolvers.ts";
import type { GraphQLContext } from "./context.ts";
import { asGraphQLError, shopCall } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";

/*
 * The bag over GraphQL: thin resolvers over the cart module (server/modules/cart), which
 * validates input, checks stock in its transactions and prices every line itself.
 *
 * A bag is named by its secret token: the `cartId` argument (an API client's bag); else, for a
 * logged-in customer, their own bag (as on the pages); else the shopper's cart cookie. Only in
 * the last case is the cookie sent back, renewed, as the pages do on every change; a bag asked
 * for by id, or a customer's, never touches it.
 */

type Context = GraphQLContext;

/** The bag a call acts on: the one named by id, else the customer's, else the cookie's (cart/whose-bag.ts). */
const bagOf = (args: { cartId?: string | null }, context: Context): Promise<BagRef> => requestBag(context, args.cartId);

/** A cartId must name an existing bag: making a new one would hand back a different id unasked. */
async function requireNamedCart(cartId: string, context: Context) {
  if (!(await context.services.cart.get(context, cartId))) throw asGraphQLError(cartNotFound());
}

/** After a change through the cookie, send the cookie again so the bag lives 7 days from now. */
function keptInCookie(cart: CartWithToken, args: { cartId?: string | null }, context: Context): CartWithToken {
  if (args.cartId == null && cart.token !== null) context.keepCartCookie(cart.token);
  return cart;
}

export const cartResolvers: Resolvers = {
  Query: {
    async cart(_, args, context) {
      const bag = await bagOf({ cartId: args.id }, context);
      // Priced and checked for who asks (member prices, members-only products: ADR 41).
      return bag == null ? null : context.services.cart.get(context, bag, await context.viewer());
    },
  },

  Mutation: {
    createCart: (_, __, context) => shopCall(() => context.services.cart.create(context)),

    async addCartLine(_, args, context) {
      if (args.cartId != null) await requireNamedCart(args.cartId, context);
      const bag = await bagOf(args, context);
      const viewer = await context.viewer();
      const { cart } = await shopCall(() =>
        context.services.cart.addLine(context, bag, { variantId: args.variantId, quantity: args.quantity ?? undefined }, viewer),
      );
      return keptInCookie(cart, args, context);
    },

    async updateCartLine(_, args, context) {
      const bag = await bagOf(args, context);
      if (bag == null) throw asGraphQLError(cartNotFound());
      const viewer = await context.viewer();
      const cart = await shopCall(() =>
        context.services.cart.updateLine(
          context,
          bag,
          { lineId: args.lineId, quantity: args.quantity ?? undefined, variantId: args.variantId ?? undefined },
          viewer,
        ),
      );
      return keptInCookie(cart, args, context);
    },

    async removeCartLine(_, args, context) {
      const bag = await bagOf(args, context);
      if (bag == null) throw asGraphQLError(cartNotFound());
      const viewer = await context.viewer();
      const cart = await shopCall(() => context.services.cart.removeLine(context, bag, { lineId: args.lineId }, viewer));
      return keptInCookie(cart, args, context);
    },
  },

  Cart: {
    id: (cart, _, context) => (cart.token === null || context.isCookieBag(cart.token) ? null : cart.token),
    subtotal: (cart, _, context) => money(cart.subtotal, context),
    savings: (cart, _, context) => money(cart.savings, context),
  },

  CartMembership: {
    plan: (membership) => membership.slug,
    name: (membership) => membershipLineName(membership),
    price: (membership, _, context) => money(membership.price, context),
  },

  CartLine: {
    unitPrice: (line, _, context) => money(line.unitPrice, context),
    compareAtPrice: (line, _, context) => (line.compareAtPrice === null ? null : money(line.compareAtPrice, context)),
    lineTotal: (line, _, context) => money(line.lineTotal, context),
  },
};
