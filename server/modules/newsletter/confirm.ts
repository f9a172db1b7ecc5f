import { eq } from "drizzle-orm";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { hashCode, isCodeShaped } from "../accounts/index.ts";
import { setNewsletterPreference } from "./account-tie.ts";
import { expiredConfirmLink, unknownConfirmLink } from "./errors.ts";
import type { NewsletterKit } from "./kit.ts";
import { markConfirmed, subscriptionByLink } from "./rows.ts";
import { linkTokenInput } from "../mail/index.ts";

export interface Confirmed {
  status: "confirmed";
  email: string;
}

/**
 * The confirmation link followed (its page's button, a POST): the address is subscribed, gets the
 * welcome mail, and its account, if it has one, has the newsletter turned on. Following it again
 * answers the same (nothing is sent twice). An expired link, an unknown one, or one of an address
 * that has unsubscribed since is refused (INVALID_CODE with `details.reason`).
 */
export async function confirm(kit: NewsletterKit, scope: Scope, raw: unknown): Promise<Confirmed> {
  const { token } = parseInput(linkTokenInput, raw);
  if (!isCodeShaped(token)) throw unknownConfirmLink();
  const hash = hashCode(token);
  return withTransaction(scope, async (tx) => {
    const found = await subscriptionByLink(tx.db, eq(newsletterSubscriptions.confirmTokenHash, hash));
    if (!found) throw unknownConfirmLink();
    const { row, userId } = found;
    // Unsubscribed or signed up again while this request waited: this link is no longer the one.
    if (!row || row.confirmTokenHash !== hash) throw unknownConfirmLink();
    if (row.status === "confirmed") return { status: "confirmed", email: row.email };
    if (row.confirmExpiresAt === null || row.confirmExpiresAt.getTime() <= Date.now()) throw expiredConfirmLink();
    await markConfirmed(kit, tx.db, row, row.source);
    if (userId !== null) await setNewsletterPreference(tx.db, userId, true);
    kit.mailsWritten(tx);
    return { status: "confirmed", email: row.email };
  });
}
