import { map, pipe } from "graphql-yoga";
import type { StockChange } from "../../lib/events.ts";
import type { CurrentSession } from "../../modules/accounts/index.ts";
import { stockShown } from "../../modules/catalog/index.ts";
import { mayOpen } from "../../modules/staff-access/index.ts";
import type { GraphQLContext } from "./context.ts";
import { badUserInput, shopError } from "./errors.ts";
import type { Resolvers, ResolversTypes } from "./generated/resolver-types.ts";

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

/**
 * A customer's own events go on only while the session the connection opened with still stands:
 * looked up again (not the connection's remembered answer) for each event, so a logout, an expiry
 * or a password change elsewhere ends the subscription with its next event.
 */
async function stillLoggedIn(context: Context): Promise<void> {
  const session = await context.services.accounts.authenticate(context, context.token?.token);
  if (!session) throw notLoggedIn();
}

// One count per bag change for all of a customer's subscriptions on this process (tabs, devices).
const counting = new Map<string, Promise<number>>();
function bagCountAfter(context: Context, customer: number, at: number): Promise<number> {
  const key = `${customer}:${at}`;
  let count = counting.get(key);
  if (!count) {
    count = context.viewer().then((viewer) => context.services.cart.count(context, { customerId: customer }, viewer));
    counting.set(key, count);
    // Kept only while the subscriptions of this change are told.
    const forget = () => setTimeout(() => counting.delete(key), 1_000).unref();
    count.then(forget, forget);
  }
  return count;
}

export const subscriptionResolvers: Resolvers = {
  Subscription: {
    stockChanged: {
      async subscribe(_, args, context) {
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
      resolve: (change: ResolversTypes["StockChange"]) => change,
    },

    orderUpdated: {
      async subscribe(_, __, context) {
        return pipe(
          context.services.events.subscribe("order-updated", await customerId(context)),
          map(async (update) => {
            await stillLoggedIn(context);
            return update;
          }),
        );
      },
      resolve: (update: ResolversTypes["OrderUpdate"]) => update,
    },

    bagChanged: {
      async subscribe(_, __, context) {
        const id = await customerId(context);
        // The count as this customer's header shows it, read when the change is told.
        return pipe(
          context.services.events.subscribe("bag-changed", id),
          map(async (change) => {
            await stillLoggedIn(context);
            return { itemCount: await bagCountAfter(context, id, change.at) };
          }),
        );
      },
      resolve: (change: ResolversTypes["BagChange"]) => change,
    },

    orderPlaced: {
      async subscribe(_, __, context) {
        // Opening the dashboard counted as activity already; a client subscribing again after a
        // dropped connection is not the person doing something.
        await backOfficeStaff(context, await context.session(), true);
        return pipe(
          context.services.events.subscribe("order-placed"),
          map(async (order) => {
            // The back office's limits hold for an open dashboard too: past 12 hours, or 30 minutes
            // without the person doing anything there (a pushed order is not them), it hears no more.
            const session = await context.services.accounts.authenticate(context, context.token?.token);
            await backOfficeStaff(context, session, true);
            return order;
          }),
        );
      },
      resolve: (order: ResolversTypes["NewOrder"]) => order,
    },
  },
};

/**
 * Staff in the back office: the "staff" scope, and a session that has shown its second factor
 * (ADR 58) and is within the back office's time limits, as the back office's pages ask; anyone
 * else is refused as if the topic were not there.
 */
async function backOfficeStaff(context: Context, session: CurrentSession | null, passive = false): Promise<void> {
  if (!session) throw notLoggedIn();
  const { user, sessionId } = session;
  const staff = mayOpen(user, "staff");
  const gate = staff
    ? await context.services.staffAccess.backOfficeGate(
        context,
        { userId: user.id, role: user.role, sessionId },
        undefined,
        passive,
      )
    : null;
  if (gate !== "ok") throw shopError("FORBIDDEN", "Only staff signed in to the back office may follow new orders.");
}
