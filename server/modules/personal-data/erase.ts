import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import {
  accountCodes,
  addresses,
  carts,
  communicationPreferenceLog,
  communicationPreferences,
  mailJobs,
  newsletterSubscriptions,
  orderEvents,
  orders,
  promoRedemptions,
  sessions,
  socialIdentities,
  staffInvitations,
  stockAlerts,
  users,
} from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { customerAsRead, usernameSkeleton } from "../accounts/index.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { endMembershipNow } from "../membership/index.ts";
import type { PersonalDataKit } from "./kit.ts";
import { keptSnapshot } from "./retention.ts";
import { EraseInput } from "./schemas.ts";
import { recordsOf } from "./whose.ts";

/*
 * Erasing a customer (GDPR art. 17; issue 24 §5, ADR 61), in one transaction. The account stays
 * as an empty shell (its id holds the orders the books must keep, and the audit log names it),
 * blocked, without a password, its e-mail address a unique one that cannot be delivered; what
 * named or reached the person goes: names, phone, picture, addresses, social logins, sessions,
 * mailed codes, the bag, consents and the newsletter, back-in-stock requests, the outbox's mails
 * to them; the membership in force ends. Their orders (and the guest orders placed with their
 * confirmed address) keep what retention.ts says. Refused for back-office accounts, and while an
 * order is still open (the shop still has to take its money or send it).
 */

/** The address an erased account gets: unique, and undeliverable (the .invalid top-level domain, RFC 2606). */
export const erasedEmail = (userId: number) => `erased-${userId}@invalid`;
/** The user name an erased account gets: unique, and no one can sign up with it (a user name starts with a letter or digit). */
export const erasedUsername = (userId: number) => `~erased-${userId}`;

/** Orders the shop still has to act on: take their money, or send them. */
const OPEN_STATUSES = ["awaiting_payment", "paid"] as const;

/** What an erasure did, in counts (no personal data: the audit entry says the same). */
export interface Erased {
  ordersKept: number;
  addresses: number;
  mails: number;
}

export async function eraseCustomer(
  kit: PersonalDataKit,
  scope: StaffScope,
  raw: unknown,
  sessionId: string,
  now = new Date(),
): Promise<Erased> {
  const input = parseInput(EraseInput, raw);
  await kit.deps.requireRecentSecondFactor(scope, { userId: scope.actor.id, sessionId }, now);
  return withTransaction(scope, async (tx) => {
    const { db } = tx;
    const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
    if (account && account.role !== "customer") {
      throw new ShopError(
        "FORBIDDEN",
        `This is a back-office account (${account.role}): take it off the staff on the staff page before erasing it.`,
      );
    }
    const user = await customerAsRead(db, input);
    if (input.confirm !== user.email) {
      throw new ShopError("INVALID_INPUT", "That is not this customer's e-mail address: type it exactly to confirm.", {
        field: "confirm",
      });
    }
    const { orderIds, emails } = await recordsOf(db, user);
    const open = await db
      .select({ number: orders.number })
      .from(orders)
      .where(and(inArray(orders.id, orderIds), inArray(orders.status, OPEN_STATUSES)))
      .orderBy(orders.id);
    if (open.length > 0) {
      const numbers = open.map((order) => order.number);
      throw new ShopError(
        "OPEN_ORDERS",
        `This customer has orders still open (${numbers.join(", ")}): ship, cancel or refund them first, then erase.`,
        { details: { orders: numbers } },
      );
    }

    // The orders: what the books keep (retention.ts), and nothing else that names or reaches them.
    const toErase = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        deliveryAddress: orders.deliveryAddress,
        // Paid at some time, whatever became of it since: an invoice was issued for it.
        wasPaid: sql<boolean>`(${orders.status} in ('paid', 'shipped', 'delivered', 'refunded') or ${orders.refunded} > 0
          or exists (select 1 from ${orderEvents} e where e.order_id = ${orders.id} and e.status = 'paid'))`,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    for (const order of toErase) {
      const deliveryAddress = keptSnapshot(order, user, now);
      await db
        .update(orders)
        .set({
          userId: user.id,
          email: erasedEmail(user.id),
          deliveryAddress,
          placedFrom: null,
          mailbox: null,
          trackingUrl: null,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
    }
    // A promo code's use by their mailbox stays a use, but no longer says whose.
    await db
      .update(promoRedemptions)
      .set({ redeemer: sql`'erased:' || ${promoRedemptions.orderId}` })
      .where(and(inArray(promoRedemptions.orderId, orderIds), like(promoRedemptions.redeemer, "email:%")));

    const removed = {
      addresses: (await db.delete(addresses).where(eq(addresses.userId, user.id)).returning({ id: addresses.id })).length,
      mails: (await db.delete(mailJobs).where(inArray(mailJobs.to, emails)).returning({ id: mailJobs.id })).length,
    };
    await db.delete(socialIdentities).where(eq(socialIdentities.userId, user.id));
    await db.delete(accountCodes).where(eq(accountCodes.userId, user.id));
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    await db.delete(carts).where(eq(carts.userId, user.id));
    await db.delete(communicationPreferences).where(eq(communicationPreferences.userId, user.id));
    await db.delete(communicationPreferenceLog).where(eq(communicationPreferenceLog.userId, user.id));
    await db.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, emails));
    await db.delete(stockAlerts).where(or(eq(stockAlerts.userId, user.id), inArray(stockAlerts.email, emails)));
    // An invitation to join the staff sent to them: closed, and no longer naming them (a null
    // address would make it the owner's set-up link, so it gets the erased one).
    await db
      .update(staffInvitations)
      .set({
        email: erasedEmail(user.id),
        revokedAt: sql`case when ${staffInvitations.usedAt} is null and ${staffInvitations.revokedAt} is null then ${now.toISOString()}::timestamptz else ${staffInvitations.revokedAt} end`,
      })
      .where(inArray(staffInvitations.email, emails));
    await endMembershipNow(db, user.id);

    const username = erasedUsername(user.id);
    await db
      .update(users)
      .set({
        username,
        usernameSkeleton: usernameSkeleton(username),
        email: erasedEmail(user.id),
        passwordHash: null,
        confirmed: false,
        blocked: true,
        firstName: null,
        lastName: null,
        phone: null,
        picture: null,
        scope: [],
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    const { picture } = user;
    const removeUpload = kit.deps.removeUpload;
    if (picture && removeUpload) afterCommit(tx, () => void removeUpload(picture).catch(() => {}));

    // Counts and flags only: the entry outlives the erasure and must not bring the person back.
    await recordAudit(tx, {
      action: "customer.erased",
      entityType: "customer",
      entityId: user.id,
      changes: {
        erased: [false, true],
        addresses: [removed.addresses, 0],
        ordersKept: [null, orderIds.length],
      },
    });
    return { ordersKept: orderIds.length, ...removed };
  });
}
