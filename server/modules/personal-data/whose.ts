import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCodes, orders, socialIdentities, stockAlerts, type User } from "../../db/schema/index.ts";

/*
 * Which records are the person's beyond the rows that name their account (ADR 61), the one rule
 * that both the export and the erasure follow, so the two never disagree:
 *
 * - orders: the account's, and the orders a guest placed with the account's address once the
 *   address is confirmed (the rule by which such orders join the account, claimGuestOrders);
 *   an unconfirmed address proves nothing about whose those orders are;
 * - e-mail addresses: the account's, its orders', its social logins', its back-in-stock
 *   requests', and any it was changing to (a confirmation code mailed there). Newsletter rows,
 *   back-in-stock requests made as a guest and the outbox's mails are found by these.
 */

export interface PersonsRecords {
  /** Ids of the orders that are theirs (account's and claimable guest orders), oldest first. */
  orderIds: number[];
  /** Their e-mail addresses, lower case, each once. */
  emails: string[];
}

export async function recordsOf(db: Db, user: Pick<User, "id" | "email" | "confirmed">): Promise<PersonsRecords> {
  const guestOrders = user.confirmed ? and(isNull(orders.userId), eq(orders.email, user.email)) : undefined;
  // One after another: the erasure reads these inside its transaction, one connection.
  const orderRows = await db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(guestOrders ? or(eq(orders.userId, user.id), guestOrders) : eq(orders.userId, user.id))
    .orderBy(orders.id);
  const identityRows = await db
    .select({ email: socialIdentities.email })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, user.id));
  const alertRows = await db.select({ email: stockAlerts.email }).from(stockAlerts).where(eq(stockAlerts.userId, user.id));
  const codeRows = await db.select({ email: accountCodes.email }).from(accountCodes).where(eq(accountCodes.userId, user.id));
  const emails = new Set<string>([user.email.trim().toLowerCase()]);
  for (const row of [...orderRows, ...identityRows, ...alertRows, ...codeRows]) {
    if (row.email) emails.add(row.email.trim().toLowerCase());
  }
  return { orderIds: orderRows.map((row) => row.id), emails: [...emails] };
}
