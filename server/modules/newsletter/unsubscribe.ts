import { eq } from "drizzle-orm";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { setNewsletterPreference } from "./account-tie.ts";
import { unknownUnsubscribeLink } from "./errors.ts";
import type { NewsletterKit } from "./kit.ts";
import { markUnsubscribed, subscriptionByLink } from "./rows.ts";
import { linkTokenInput } from "../mail/index.ts";

export interface Unsubscribed {
  status: "unsubscribed";
  email: string;
}

/**
 * The unsubscribe link used (a mail client's one-click POST, the page's button, the shop API):
 * the address gets no more newsletters, and its account, if it has one, has the newsletter
 * turned off. The token is all the authority needed; using it again answers the same.
 */
export async function unsubscribe(kit: NewsletterKit, scope: Scope, raw: unknown): Promise<Unsubscribed> {
  const { token } = parseInput(linkTokenInput, raw);
  const unsubscribeKey = kit.unsubscribeTokens.keyOf(token);
  if (unsubscribeKey === null) throw unknownUnsubscribeLink();
  return withTransaction(scope, async (tx) => {
    const found = await subscriptionByLink(tx.db, eq(newsletterSubscriptions.unsubscribeKey, unsubscribeKey));
    // Genuine, but its subscription is gone (the owner deleted it).
    if (!found?.row) throw unknownUnsubscribeLink();
    const { row, userId } = found;
    await markUnsubscribed(tx.db, row);
    if (userId !== null) await setNewsletterPreference(tx.db, userId, false);
    return { status: "unsubscribed", email: row.email };
  });
}

/** Whether `token` is a genuine unsubscribe token (no database): the page says so before offering its button. */
export function isUnsubscribeToken(kit: NewsletterKit, token: string | null): boolean {
  return token !== null && kit.unsubscribeTokens.keyOf(token) !== null;
}
