import type { PublicUser } from "../../modules/accounts/index.ts";
import { COMMUNICATION_CHANNELS, COMMUNICATION_TOPICS } from "../../db/schema/communication-preferences.ts";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import type { OrderDetail, OrderLineView, OrderSummary } from "../../modules/customers/index.ts";
import type { GraphQLContext } from "./context.ts";
import { enumValues } from "./customer-type-defs.ts";
import { shopCall, shopError } from "./errors.ts";

/*
 * The account area over GraphQL: thin resolvers over the customers module. The customer is the
 * session's, looked up once per request (context.ts); a Customer object is only ever made from
 * that session, so its nested fields read the logged-in customer's own records and nobody else's.
 */

type Context = GraphQLContext;

/** The session's user; its profile fields are as fresh as the session lookup of this request. */
export type CustomerParent = PublicUser & { picture?: string | null };

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

/** An order line with its order's currency, for its Money fields. */
type LineParent = OrderLineView & { currency: string };

export const customerResolvers = {
  CommunicationTopic: enumValues(COMMUNICATION_TOPICS),
  CommunicationChannel: enumValues(COMMUNICATION_CHANNELS),
  OrderStatus: enumValues(ORDER_STATUSES),
  AddressPart: {
    NAME: "name",
    COMPANY: "company",
    STREET: "street",
    CITY: "city",
    PROVINCE: "province",
    POSTAL_CODE: "postalCode",
  },

  Query: {
    async me(_: unknown, __: unknown, context: Context): Promise<CustomerParent | null> {
      return (await context.session())?.user ?? null;
    },
    countries: (_: unknown, __: unknown, context: Context) => context.services.customers.countries(),
    addressFormat(_: unknown, args: { country: string }, context: Context) {
      const format = context.services.customers.addressFormat(args.country);
      if (!format) return null;
      const { labels, ...rest } = format;
      return { ...rest, cityLabel: labels.city, provinceLabel: labels.province, postalCodeLabel: labels.postalCode };
    },
  },

  Mutation: {
    async updateProfile(_: unknown, args: { input: Record<string, unknown> }, context: Context): Promise<CustomerParent> {
      const user = await changingCustomer(context);
      const profile = await shopCall(() => context.services.customers.updateProfile(context, user.id, args.input), "input");
      return { ...user, ...profile };
    },

    async addAddress(_: unknown, args: { input: Record<string, unknown> }, context: Context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.addAddress(context, user.id, args.input), "input");
    },

    async updateAddress(_: unknown, args: { id: string; input: Record<string, unknown> }, context: Context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.updateAddress(context, user.id, args.id, args.input), "input");
    },

    async deleteAddress(_: unknown, args: { id: string }, context: Context): Promise<CustomerParent> {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.deleteAddress(context, user.id, args.id));
      return user;
    },

    async setDefaultAddress(_: unknown, args: { id: string }, context: Context): Promise<CustomerParent> {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.setDefaultAddress(context, user.id, args.id));
      return user;
    },

    async updatePreferences(_: unknown, args: { preferences: unknown[] }, context: Context) {
      const user = await changingCustomer(context);
      return shopCall(() => context.services.customers.updatePreferences(context, user.id, args.preferences, "graphql"));
    },
  },

  Customer: {
    addresses: (customer: CustomerParent, _: unknown, context: Context) =>
      context.services.customers.listAddresses(context, customer.id),
    preferences: (customer: CustomerParent, _: unknown, context: Context) =>
      context.services.customers.preferences(context, customer.id),
    orders: (customer: CustomerParent, args: { first?: number | null }, context: Context) =>
      shopCall(() => context.services.customers.orders(context, customer.id, { first: args.first ?? undefined })),
    order: (customer: CustomerParent, args: { id: string }, context: Context) =>
      shopCall(() => context.services.customers.order(context, customer.id, args.id)),
  },

  OrderSummary: {
    subtotal: (order: OrderSummary) => money(order.subtotal, order.currency),
    total: (order: OrderSummary) => money(order.total, order.currency),
  },

  Order: {
    subtotal: (order: OrderDetail) => money(order.subtotal, order.currency),
    shipping: (order: OrderDetail) => money(order.shipping, order.currency),
    total: (order: OrderDetail) => money(order.total, order.currency),
    lines: (order: OrderDetail): LineParent[] => order.lines.map((line) => ({ ...line, currency: order.currency })),
  },

  OrderLine: {
    unitPrice: (line: LineParent) => money(line.unitPrice, line.currency),
    lineTotal: (line: LineParent) => money(line.lineTotal, line.currency),
  },
};
