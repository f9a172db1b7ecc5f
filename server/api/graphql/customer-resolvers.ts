import { COMMUNICATION_CHANNELS, COMMUNICATION_TOPICS } from "../../db/schema/communication-preferences.ts";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import type { GraphQLContext } from "./context.ts";
import { ADDRESS_PARTS, enumValues } from "./customer-type-defs.ts";
import { shopCall, shopError } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";
import type { CustomerParent, LineParent } from "./parents.ts";

/*
 * The account area over GraphQL: thin resolvers over the customers module. The customer is the
 * session's, looked up once per request (context.ts); a Customer object is only ever made from
 * that session, so its nested fields read the logged-in customer's own records and nobody else's.
 */

type Context = GraphQLContext;

const notLoggedIn = () => shopError("UNAUTHENTICATED", "Please log in.");

/**
 * The customer a change acts for. Changes riding on the auth cookie from another site's page never
 * get here: http/cross-site-writes.ts refuses them for every adapter.
 */
export async function changingCustomer(context: Context): Promise<CustomerParent> {
  const session = await context.session();
  if (!session) throw notLoggedIn();
  return session.user;
}

const money = (amount: number, currency: string) => ({ amount, currency });

export const customerResolvers: Resolvers = {
  CommunicationTopic: enumValues(COMMUNICATION_TOPICS),
  CommunicationChannel: enumValues(COMMUNICATION_CHANNELS),
  OrderStatus: enumValues(ORDER_STATUSES),
  AddressPart: ADDRESS_PARTS,

  Query: {
    async me(_, __, context) {
      return (await context.session())?.user ?? null;
    },
    countries: (_, __, context) => context.services.customers.countries(),
    addressFormat(_, args, context) {
      const format = context.services.customers.addressFormat(args.country);
      if (!format) return null;
      const { labels, ...rest } = format;
      return { ...rest, cityLabel: labels.city, provinceLabel: labels.province, postalCodeLabel: labels.postalCode };
    },
  },

  Mutation: {
    async updateProfile(_, args, context) {
      const user = await changingCustomer(context);
      const profile = await shopCall(() => context.services.customers.updateProfile(context, user.id, args.input), "input");
      return { ...user, ...profile };
    },

    async addAddress(_, args, context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.addAddress(context, user.id, args.input), "input");
    },

    async updateAddress(_, args, context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.updateAddress(context, user.id, args.id, args.input), "input");
    },

    async deleteAddress(_, args, context) {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.deleteAddress(context, user.id, args.id));
      return user;
    },

    async setDefaultAddress(_, args, context) {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.setDefaultAddress(context, user.id, args.id));
      return user;
    },

    async updatePreferences(_, args, context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.updatePreferences(context, user.id, args.preferences, "graphql"));
    },
  },

  Customer: {
    addresses: (customer, _, context) => context.services.customers.listAddresses(context, customer.id),
    preferences: (customer, _, context) => context.services.customers.preferences(context, customer.id),
    orders: (customer, args, context) =>
      shopCall(() => context.services.customers.orders(context, customer.id, { first: args.first ?? undefined })),
    order: (customer, args, context) => shopCall(() => context.services.customers.order(context, customer.id, args.id)),
  },

  OrderSummary: {
    subtotal: (order) => money(order.subtotal, order.currency),
    total: (order) => money(order.total, order.currency),
  },

  Order: {
    subtotal: (order) => money(order.subtotal, order.currency),
    shipping: (order) => money(order.shipping, order.currency),
    total: (order) => money(order.total, order.currency),
    lines: (order): LineParent[] => order.lines.map((line) => ({ ...line, currency: order.currency })),
  },

  OrderLine: {
    unitPrice: (line) => money(line.unitPrice, line.currency),
    lineTotal: (line) => money(line.lineTotal, line.currency),
  },
};
