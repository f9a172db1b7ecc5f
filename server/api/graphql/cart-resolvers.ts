import { ZodError } from "zod";
import {
  CartLineNotFoundError,
  CartQuantityError,
  CartNotFoundError,
  NotEnoughStockError,
  BagFullError,
  TooManyNewBagsError,
  VariantNotFoundError,
  type BagRef,
  type CartLineView,
  type CartWithToken,
} from "../../modules/cart/index.ts";
import { money } from "./catalog-resolvers.ts";
import type { GraphQLContext } from "./context.ts";
import { badUserInput, shopError } from "./errors.ts";

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

/** The bag a call acts on: the one named by id, else the customer's, else the cookie's. */
async function bagOf(args: { cartId?: string | null }, context: Context): Promise<BagRef> {
  if (args.cartId != null) return args.cartId;
  const session = await context.session();
  return session ? { customerId: session.user.id } : context.cartCookieToken;
}

/** Runs a cart module call, turning its typed failures into GraphQL errors a client can act on. */
async function cartCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asGraphQLError(error);
  }
}

function asGraphQLError(error: unknown): unknown {
  if (error instanceof CartNotFoundError) return shopError("CART_NOT_FOUND", error.message);
  if (error instanceof CartLineNotFoundError) return shopError("CART_LINE_NOT_FOUND", error.message, { lineId: error.lineId });
  if (error instanceof VariantNotFoundError) {
    return shopError("VARIANT_NOT_FOUND", error.message, { variantId: error.variantId });
  }
  if (error instanceof NotEnoughStockError) {
    return shopError("NOT_ENOUGH_STOCK", error.message, { available: error.available, inBag: error.inBag });
  }
  if (error instanceof BagFullError) return shopError("BAG_FULL", error.message);
  if (error instanceof TooManyNewBagsError) {
    return shopError("TOO_MANY_REQUESTS", error.message, { retryAfterSeconds: error.retryAfterSeconds });
  }
  if (error instanceof CartQuantityError) return badUserInput("quantity", error.message);
  if (error instanceof ZodError) {
    const issue = error.issues[0]!;
    return badUserInput(String(issue.path[0] ?? "input"), issue.message);
  }
  return error;
}

/** A cartId must name an existing bag: making a new one would hand back a different id unasked. */
async function requireNamedCart(cartId: string, context: Context) {
  if (!(await context.services.cart.get(cartId))) throw shopError("CART_NOT_FOUND", new CartNotFoundError().message);
}

/** After a change through the cookie, send the cookie again so the bag lives 7 days from now. */
function keptInCookie(cart: CartWithToken, args: { cartId?: string | null }, context: Context): CartWithToken {
  if (args.cartId == null && cart.token !== null) context.keepCartCookie(cart.token);
  return cart;
}

export const cartResolvers = {
  Query: {
    async cart(_: unknown, args: { id?: string | null }, context: Context) {
      const bag = await bagOf({ cartId: args.id }, context);
      return bag == null ? null : context.services.cart.get(bag);
    },
  },

  Mutation: {
    createCart: (_: unknown, __: unknown, context: Context) => cartCall(() => context.services.cart.create(context.visitor)),

    async addCartLine(
      _: unknown,
      args: { cartId?: string | null; variantId: string; quantity?: number | null },
      context: Context,
    ) {
      if (args.cartId != null) await requireNamedCart(args.cartId, context);
      const bag = await bagOf(args, context);
      const { cart } = await cartCall(() =>
        context.services.cart.addLine(bag, { variantId: args.variantId, quantity: args.quantity ?? undefined }, context.visitor),
      );
      return keptInCookie(cart, args, context);
    },

    async updateCartLine(
      _: unknown,
      args: { cartId?: string | null; lineId: string; quantity?: number | null; variantId?: string | null },
      context: Context,
    ) {
      const bag = await bagOf(args, context);
      if (bag == null) throw shopError("CART_NOT_FOUND", new CartNotFoundError().message);
      const cart = await cartCall(() =>
        context.services.cart.updateLine(bag, {
          lineId: args.lineId,
          quantity: args.quantity ?? undefined,
          variantId: args.variantId ?? undefined,
        }),
      );
      return keptInCookie(cart, args, context);
    },

    async removeCartLine(_: unknown, args: { cartId?: string | null; lineId: string }, context: Context) {
      const bag = await bagOf(args, context);
      if (bag == null) throw shopError("CART_NOT_FOUND", new CartNotFoundError().message);
      const cart = await cartCall(() => context.services.cart.removeLine(bag, { lineId: args.lineId }));
      return keptInCookie(cart, args, context);
    },
  },

  Cart: {
    id: (cart: CartWithToken, _: unknown, context: Context) =>
      cart.token === null || context.isCookieBag(cart.token) ? null : cart.token,
    subtotal: (cart: CartWithToken, _: unknown, context: Context) => money(cart.subtotal, context),
    savings: (cart: CartWithToken, _: unknown, context: Context) => money(cart.savings, context),
  },

  CartLine: {
    unitPrice: (line: CartLineView, _: unknown, context: Context) => money(line.unitPrice, context),
    compareAtPrice: (line: CartLineView, _: unknown, context: Context) =>
      line.compareAtPrice === null ? null : money(line.compareAtPrice, context),
    lineTotal: (line: CartLineView, _: unknown, context: Context) => money(line.lineTotal, context),
  },
};
