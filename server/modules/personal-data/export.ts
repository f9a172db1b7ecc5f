import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accountCodes,
  addresses,
  auditLog,
  cartLines,
  carts,
  communicationPreferenceLog,
  communicationPreferences,
  mailJobs,
  membershipPlans,
  memberships,
  newsletterSubscriptions,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  sessions,
  socialIdentities,
  stockAlerts,
  users,
  variants,
} from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import type { PersonalDataKit } from "./kit.ts";
import { ExportInput } from "./schemas.ts";
import { recordsOf } from "./whose.ts";

/*
 * A customer's data as JSON, for their right of access (GDPR art. 15; issue 24 §5, ADR 61):
 * everything the shop holds about the person, read through the same rule of whose records are
 * theirs as the erasure (whose.ts). Never a secret: no password hash, session id or token, no
 * mailed code or its hash, no newsletter or back-in-stock token, no mail body (mails carry
 * links with tokens); staff accounts' authenticators are not a customer's. Asks for the staff
 * member's second factor within 10 minutes, and is audited (who exported whom, when).
 */

/** The export's format, so a reader can tell versions apart. */
export const EXPORT_FORMAT = "customer-data/1";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The addresses' snapshot of an order as the customer saw it; null when there is none or it is not JSON. */
function snapshot(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function exportCustomerData(
  kit: PersonalDataKit,
  scope: StaffScope,
  raw: unknown,
  sessionId: string,
  now = new Date(),
) {
  const { userId } = parseInput(ExportInput, raw);
  await kit.deps.requireRecentSecondFactor(scope, { userId: scope.actor.id, sessionId }, now);
  // Read in parallel outside a transaction (a transaction is one connection, one query at a time);
  // the entry is written once the data is all there, before any of it leaves.
  const data = await customerData(scope.db, userId, now);
  await recordAudit(scope, { action: "customer.exported", entityType: "customer", entityId: userId });
  return { filename: `customer-${userId}-${now.toISOString().slice(0, 10)}.json`, data };
}

/** Everything the shop holds about customer `userId` (see above). */
export async function customerData(db: Db, userId: number, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.role !== "customer") throw new ShopError("ACCOUNT_NOT_FOUND", "No customer has that account.");
  const { orderIds, emails } = await recordsOf(db, user);
  const [
    identityRows,
    addressRows,
    preferenceRows,
    consentRows,
    newsletterRows,
    orderRows,
    lineRows,
    eventRows,
    paymentRows,
    membershipRows,
    alertRows,
    cartRows,
    sessionRows,
    codeRows,
    mailRows,
    staffRows,
  ] = await Promise.all([
    db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId)).orderBy(asc(socialIdentities.id)),
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, userId)),
    db
      .select()
      .from(communicationPreferenceLog)
      .where(eq(communicationPreferenceLog.userId, userId))
      .orderBy(asc(communicationPreferenceLog.id)),
    db.select().from(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, emails)),
    db.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id)),
    db
      .select({ membership: memberships, plan: membershipPlans.name, slug: membershipPlans.slug, orderNumber: orders.number })
      .from(memberships)
      .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
      .leftJoin(orders, eq(orders.id, memberships.orderId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.id)),
    db
      .select({ alert: stockAlerts, product: products.name, sku: variants.sku, size: variants.size, colour: variants.colour })
      .from(stockAlerts)
      .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(or(eq(stockAlerts.userId, userId), inArray(stockAlerts.email, emails)))
      .orderBy(asc(stockAlerts.id)),
    db
      .select({ cart: carts, line: cartLines, product: products.name, sku: variants.sku })
      .from(carts)
      .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
      .leftJoin(variants, eq(variants.id, cartLines.variantId))
      .leftJoin(products, eq(products.id, variants.productId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartLines.id)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db.select().from(accountCodes).where(eq(accountCodes.userId, userId)).orderBy(asc(accountCodes.id)),
    db
      .select({
        to: mailJobs.to,
        subject: mailJobs.subject,
        queuedAt: mailJobs.createdAt,
        sentAt: mailJobs.sentAt,
        attempts: mailJobs.attempts,
      })
      .from(mailJobs)
      .where(inArray(mailJobs.to, emails))
      .orderBy(asc(mailJobs.id)),
    db
      .select({ action: auditLog.action, at: auditLog.at, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(userId))))
      .orderBy(asc(auditLog.id)),
  ]);
  const cart = cartRows[0]?.cart;
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    about:
      "Everything the shop holds about this customer. Passwords, login sessions' keys and the codes and links it mails are " +
      "never part of it: the shop keeps those only in a form that cannot be read back, or not at all.",
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      picture: user.picture,
      provider: user.provider,
      hasPassword: user.passwordHash !== null,
      emailConfirmed: user.confirmed,
      blocked: user.blocked,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      erasedAt: iso(user.erasedAt),
    },
    socialLogins: identityRows.map((row) => ({
      provider: row.provider,
      subject: row.subject,
      email: row.email,
      linkedAt: iso(row.createdAt),
    })),
    addresses: addressRows.map(({ userId: _userId, ...address }) => ({
      ...address,
      createdAt: iso(address.createdAt),
      updatedAt: iso(address.updatedAt),
    })),
    communicationPreferences: preferenceRows.map((row) => ({
      topic: row.topic,
      channel: row.channel,
      optedIn: row.optedIn,
      updatedAt: iso(row.updatedAt),
    })),
    consentHistory: consentRows.map((row) => ({
      topic: row.topic,
      channel: row.channel,
      optedIn: row.optedIn,
      source: row.source,
      changedAt: iso(row.changedAt),
    })),
    newsletter: newsletterRows.map((row) => ({
      email: row.email,
      status: row.status,
      source: row.source,
      signedUpAt: iso(row.createdAt),
      confirmedAt: iso(row.confirmedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
      updatedAt: iso(row.updatedAt),
    })),
    orders: orderRows.map((order) => ({
      number: order.number,
      placedAt: iso(order.createdAt),
      status: order.status,
      email: order.email,
      placedAsGuest: order.userId === null,
      placedFrom: order.placedFrom,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      memberSavings: order.memberSavings,
      delivery: order.shipping,
      vat: order.tax,
      vatRateBasisPoints: order.vatRateBasisPoints,
      total: order.total,
      refunded: order.refunded,
      promoCode: order.promoCode,
      deliveryMethod: order.deliveryMethodName,
      deliveryAddress: snapshot(order.deliveryAddress),
      carrier: order.carrier,
      trackingUrl: order.trackingUrl,
      paymentMethod: order.paymentMethod,
      paymentReference: order.paymentReference,
      lines: lineRows
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          product: line.productName,
          sku: line.sku,
          size: line.size,
          colour: line.colour,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        })),
      history: eventRows
        .filter((event) => event.orderId === order.id)
        .map((event) => ({ status: event.status, note: event.note, at: iso(event.createdAt) })),
      payments: paymentRows
        .filter((payment) => payment.orderId === order.id)
        .map((payment) => ({
          provider: payment.provider,
          status: payment.status,
          amount: payment.amount,
          currency: payment.currency,
          startedAt: iso(payment.createdAt),
          updatedAt: iso(payment.updatedAt),
        })),
    })),
    memberships: membershipRows.map(({ membership, plan, slug, orderNumber }) => ({
      plan,
      planSlug: slug,
      startsAt: iso(membership.startsAt),
      endsAt: iso(membership.endsAt),
      active: membership.active,
      renews: membership.renews,
      grantedByStaff: membership.grantedBy !== null,
      order: orderNumber,
      reminderSentAt: iso(membership.reminderSentAt),
    })),
    backInStockRequests: alertRows.map(({ alert, product, sku, size, colour }) => ({
      product,
      sku,
      size,
      colour,
      email: alert.email,
      requestedAt: iso(alert.createdAt),
      mailedAt: iso(alert.notifiedAt),
    })),
    bag: cart
      ? {
          updatedAt: iso(cart.updatedAt),
          country: cart.country,
          promoCode: cart.promoCode,
          lines: cartRows.flatMap(({ line, product, sku }) => (line ? [{ product, sku, quantity: line.quantity }] : [])),
        }
      : null,
    sessions: sessionRows.map((row) => ({
      strategy: row.strategy,
      startedAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      endedAt: iso(row.revokedAt),
    })),
    mailedCodes: codeRows.map((row) => ({
      purpose: row.purpose,
      email: row.email,
      sentAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      usedAt: iso(row.usedAt),
    })),
    mails: mailRows.map((row) => ({
      to: row.to,
      subject: row.subject,
      queuedAt: iso(row.queuedAt),
      sentAt: iso(row.sentAt),
      attempts: row.attempts,
    })),
    staffActions: staffRows.map((row) => ({ action: row.action, at: iso(row.at), changes: row.changes })),
    notKept: [
      "Products a visitor compares live in their browser (a cookie), not in the shop's database.",
      "The shop keeps no reviews.",
    ],
  };
}

export type CustomerData = Awaited<ReturnType<typeof customerData>>;
