import { eq } from "drizzle-orm";
import { newsletterSubscriptions, users } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import type { PreferenceChange } from "../customers/index.ts";
import type { NewsletterKit } from "./kit.ts";
import { markUnsubscribed } from "./rows.ts";
import { signUp } from "./subscribe.ts";

/**
 * A customer turned "Newsletter by e-mail" on or off in the account (the page, the customers API,
 * GraphQL): the customers module calls this inside its transaction, with the account locked.
 *
 * - Off: the account's address is unsubscribed, as its link would do.
 * - On: an account whose address is confirmed has proven it is theirs, and the tick is their
 *   opt-in: subscribed at once, with the welcome mail. Otherwise the address is signed up as from
 *   the footer and confirms by mail.
 */
export async function preferenceChanged(kit: NewsletterKit, scope: Scope, userId: number, change: PreferenceChange) {
  if (change.topic !== "newsletter" || change.channel !== "email") return;
  const [account] = await scope.db
    .select({ email: users.email, confirmed: users.confirmed })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return;
  if (change.optedIn) {
    await signUp(kit, scope, account.email, "account", { proven: account.confirmed });
    return;
  }
  const [row] = await scope.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, account.email))
    .for("update");
  if (row) await markUnsubscribed(scope.db, row);
}
