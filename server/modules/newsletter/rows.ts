import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterSubscriptions, type NewsletterSubscription } from "../../db/schema/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { lockAccountOf } from "./account-tie.ts";
import type { NewsletterKit } from "./kit.ts";
import { welcomeMail } from "./mails.ts";
import { newUnsubscribeKey } from "./tokens.ts";

/*
 * The subscription rows as the use cases change them, always inside their transaction `db`.
 * Locks are taken in one order everywhere: the address's account first (account-tie.ts), then
 * its subscription, as the account page's preference change takes them.
 */

/** The address's subscription, locked; made (pending, from `source`) when there is none yet. */
export async function lockedSubscription(db: Db, email: string, source: string): Promise<NewsletterSubscription> {
  // Two sign-ups of a new address at once: the second waits for the first's row, then locks it.
  await db
    .insert(newsletterSubscriptions)
    .values({ email, source, unsubscribeKey: newUnsubscribeKey() })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).for("update");
  return row!;
}

/**
 * The subscription a link names (by its confirmation hash or unsubscribe key), locked in the one
 * order: its address's account first, then the row itself. Null when no row has it; the row as
 * it is once locked (it may have changed while this waited), with the account's id.
 */
export async function subscriptionByLink(
  db: Db,
  where: SQL,
): Promise<{ row: NewsletterSubscription | undefined; userId: number | null } | null> {
  const [found] = await db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(where);
  if (!found) return null;
  const userId = await lockAccountOf(db, found.email);
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, found.id)).for("update");
  return { row, userId };
}

/** Confirmed from now, with `source` as the consent's; the welcome mail (with its unsubscribe link) goes into the outbox. */
export async function markConfirmed(kit: NewsletterKit, db: Db, row: NewsletterSubscription, source: string) {
  await db
    .update(newsletterSubscriptions)
    .set({ status: "confirmed", source, confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(newsletterSubscriptions.id, row.id));
  const { siteName, publicUrl } = kit.deps;
  await enqueueMail(
    db,
    welcomeMail({ siteName, to: row.email, shopLink: `${publicUrl}/`, unsubscribeLink: kit.unsubscribeLink(row.unsubscribeKey) }),
  );
}

/** No more newsletters; a confirmation link mailed earlier stops working too. Nothing happens to an unsubscribed row. */
export async function markUnsubscribed(db: Db, row: NewsletterSubscription) {
  if (row.status === "unsubscribed") return;
  await db
    .update(newsletterSubscriptions)
    .set({
      status: "unsubscribed",
      unsubscribedAt: sql`now()`,
      updatedAt: sql`now()`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(newsletterSubscriptions.id, row.id));
}
