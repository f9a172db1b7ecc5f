import { map, pipe } from "graphql-yoga";
import type { StockChange } from "../../lib/events.ts";
import { stockShown } from "../../modules/catalog/stock-shown.ts";
import type { GraphQLContext } from "./context.ts";
import { badUserInput, shopError } from "./errors.ts";

/*
 * The subscriptions (subscription-type-defs.ts): each follows one topic of the shop's event bus
 * (server/lib/events.ts) for the id its subscriber may follow: a product they may see, their own
 * orders, their own bag. Nobody can ask for another customer's events: the id is the session's.
 */

type Context = GraphQLContext;

const notLoggedIn = () => shopError("UNAUTHENTICATED", "Please log in.");

async function customerId(context: Context): Promise<number> {
  const session = await context.session();
  if (!session) throw notLoggedIn();
  return session.user.id;
}

export const subscriptionResolvers = {
  Subscription: {
    stockChanged: {
      async subscribe(_: unknown, args: { productId: string }, context: Context) {
        const id = /^\d{1,10}$/.test(args.productId) ? Number(args.productId) : NaN;
        // Only a product the subscriber may see (members' early access included, ADR 41).
        const product = Number.isSafeInteger(id)
          ? await context.services.catalog.productDetail(String(id), await context.viewer())
          : null;
        if (!product) throw badUserInput("productId", "No such product.");
        return pipe(
          context.services.events.subscribe("stock-changed", product.id),
          map((change: StockChange) => ({ variantId: String(change.variantId), ...stockShown(change.stock) })),
        );
      },
      resolve: (change: unknown) => change,
    },

    orderUpdated: {
      async subscribe(_: unknown, __: unknown, context: Context) {
        return context.services.events.subscribe("order-updated", await customerId(context));
      },
      resolve: (update: unknown) => update,
    },

    bagChanged: {
      async subscribe(_: unknown, __: unknown, context: Context) {
        const id = await customerId(context);
        // The count as this customer's header shows it, read when the change is told.
        return pipe(
          context.services.events.subscribe("bag-changed", id),
          map(async () => ({
            itemCount: await context.services.cart.count(context, { customerId: id }, await context.viewer()),
          })),
        );
      },
      resolve: (change: unknown) => change,
    },
  },
};
