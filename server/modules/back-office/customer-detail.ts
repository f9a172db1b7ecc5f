import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import {
  addresses,
  membershipPlans,
  memberships,
  newsletterSubscriptions,
  orders,
  products,
  sessions,
  stockAlerts,
  users,
  variants,
} from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { shownAddress } from "../customers/index.ts";
import { paymentStateOf, SALE_STATUSES } from "./order-facts.ts";
import { customerIdInput } from "./schemas.ts";
import type { PaymentState } from "./shared.ts";

/** How many of a customer's orders the page lists (newest first); `orders.total` counts them all. */
export const CUSTOMER_ORDERS_SHOWN = 50;

/** A customer as the back office's customer page shows it (issue 24 §5). Money in minor units. */
export interface CustomerDetail {
  profile: {
    id: number;
    username: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    picture: string | null;
    /** "local", or the social provider the account was made with. */
    provider: string;
    confirmed: boolean;
    role: string;
    joinedAt: string;
    updatedAt: string;
    /** When its personal data was erased (ADR 61); null for a live account. */
    erasedAt: string | null;
  };
  /** Whether the account may log in (block/unblock). */
  blocked: boolean;
  newsletter: { status: (typeof newsletterSubscriptions.$inferSelect)["status"]; since: string } | null;
  addresses: {
    id: number;
    firstName: string;
    lastName: string;
    company: string | null;
    line1: string;
    line2: string | null;
    city: string;
    province: string | null;
    postalCode: string | null;
    country: string;
    phone: string | null;
    isDefault: boolean;
    /** As the country's post writes it. */
    lines: string[];
  }[];
  orders: {
    total: number;
    spent: number;
    /** The newest CUSTOMER_ORDERS_SHOWN. */
    rows: {
      number: string;
      placedAt: string;
      status: (typeof orders.$inferSelect)["status"];
      paymentState: PaymentState;
      total: number;
      refunded: number;
      currency: string;
    }[];
  };
  membership: {
    /** The membership in force; null: none (grant a plan). */
    current: MembershipRow | null;
    /** Every membership the account had, newest first (the current one too). */
    history: MembershipRow[];
  };
  /** The account's back-in-stock requests, waiting ones first, then the answered ones, newest first. */
  stockAlerts: {
    id: number;
    variantId: number;
    productName: string;
    productSlug: string;
    sku: string;
    size: string;
    colour: string;
    stock: number;
    email: string;
    requestedAt: string;
    notifiedAt: string | null;
    waiting: boolean;
  }[];
  /** Open sessions (not ended, not expired), newest first: the page can end them. */
  sessions: {
    id: string;
    strategy: string;
    startedAt: string;
    expiresAt: string;
    secondFactorAt: string | null;
    backOfficeSeenAt: string | null;
  }[];
}

export interface MembershipRow {
  id: number;
  planId: number;
  plan: string;
  planSlug: string;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  renews: boolean;
  /** Given by staff from the back office (free), not joined or bought. */
  granted: boolean;
}

/** In force at `now` (membership's status.ts inForce): active, begun, not ended; an active row past its end has lapsed. */
const inForceAt = (row: MembershipRow, now: Date) =>
  row.active && Date.parse(row.startsAt) <= now.getTime() && (row.endsAt === null || Date.parse(row.endsAt) > now.getTime());

const customerNotFound = () => new ShopError("ACCOUNT_NOT_FOUND", "Customer not found.");

/** The back office's customer page: everything the shop holds about one account. */
export async function customerDetail(scope: Scope, rawId: unknown, now = new Date()): Promise<CustomerDetail> {
  const parsed = customerIdInput.safeParse(rawId);
  if (!parsed.success) throw customerNotFound();
  const id = parsed.data;
  const { db } = scope;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  // Staff accounts are the owner's business (/admin/staff), not a customer page's.
  if (!user || user.role !== "customer") throw customerNotFound();
  const [newsletter, addressRows, orderRows, [totals], membershipRows, alerts, open] = await Promise.all([
    db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email)),
    db.select().from(addresses).where(eq(addresses.userId, id)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    db
      .select({
        n: count(),
        spent: sql<string>`coalesce(sum(${orders.total} - ${orders.refunded}) filter (where ${inArray(orders.status, SALE_STATUSES)}), 0)`,
      })
      .from(orders)
      .where(eq(orders.userId, id)),
    db
      .select({ membership: memberships, plan: membershipPlans.name, slug: membershipPlans.slug })
      .from(memberships)
      .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
      .where(eq(memberships.userId, id))
      .orderBy(desc(memberships.createdAt), desc(memberships.id)),
    db
      .select({
        alert: stockAlerts,
        productName: products.name,
        productSlug: products.slug,
        sku: variants.sku,
        size: variants.size,
        colour: variants.colour,
        stock: variants.stock,
      })
      .from(stockAlerts)
      .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(stockAlerts.userId, id))
      .orderBy(sql`${stockAlerts.notifiedAt} is not null`, desc(stockAlerts.createdAt), desc(stockAlerts.id))
      .limit(200),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt)),
  ]);
  const memberRows: MembershipRow[] = membershipRows.map(({ membership, plan, slug }) => ({
    id: membership.id,
    planId: membership.planId,
    plan,
    planSlug: slug,
    active: membership.active,
    startsAt: membership.startsAt.toISOString(),
    endsAt: membership.endsAt?.toISOString() ?? null,
    renews: membership.renews,
    granted: membership.grantedBy !== null,
  }));
  const subscription = newsletter[0];
  return {
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      picture: user.picture,
      provider: user.provider,
      confirmed: user.confirmed,
      role: user.role,
      joinedAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      erasedAt: user.erasedAt?.toISOString() ?? null,
    },
    blocked: user.blocked,
    newsletter: subscription ? { status: subscription.status, since: subscription.updatedAt.toISOString() } : null,
    addresses: addressRows.map((address) => ({
      id: address.id,
      firstName: address.firstName,
      lastName: address.lastName,
      company: address.company,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      province: address.province,
      postalCode: address.postalCode,
      country: address.country,
      phone: address.phone,
      isDefault: address.isDefault,
      lines: shownAddress(address).lines,
    })),
    orders: {
      total: totals?.n ?? 0,
      spent: Number(totals?.spent ?? 0),
      rows: orderRows.map((order) => ({
        number: order.number,
        placedAt: order.createdAt.toISOString(),
        status: order.status,
        paymentState: paymentStateOf(order),
        total: order.total,
        refunded: order.refunded,
        currency: order.currency,
      })),
    },
    membership: { current: memberRows.find((row) => inForceAt(row, now)) ?? null, history: memberRows },
    stockAlerts: alerts.map((row) => ({
      id: row.alert.id,
      variantId: row.alert.variantId,
      productName: row.productName,
      productSlug: row.productSlug,
      sku: row.sku,
      size: row.size,
      colour: row.colour,
      stock: row.stock,
      email: row.alert.email,
      requestedAt: row.alert.createdAt.toISOString(),
      notifiedAt: row.alert.notifiedAt?.toISOString() ?? null,
      waiting: row.alert.notifiedAt === null,
    })),
    sessions: open.map((session) => ({
      id: session.id,
      strategy: session.strategy,
      startedAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      secondFactorAt: session.secondFactorAt?.toISOString() ?? null,
      backOfficeSeenAt: session.backOfficeSeenAt?.toISOString() ?? null,
    })),
  };
}
