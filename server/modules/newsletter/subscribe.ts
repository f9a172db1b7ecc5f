import { eq, sql } from "drizzle-orm";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { hashCode, newCode } from "../accounts/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { addressKey, mailboxKey } from "../rate-limit/index.ts";
import { tooManySignUps } from "./errors.ts";
import { CONFIRM_DAYS, type NewsletterKit } from "./kit.ts";
import { confirmSubscriptionMail } from "./mails.ts";
import { lockedSubscription, markConfirmed } from "./rows.ts";
import { subscribeInput, type NewsletterSource } from "./schemas.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The one answer to every sign-up: whether the address was new, waiting or subscribed already is not said. */
export interface SignUpAnswer {
  status: "pending";
}

/**
 * A sign-up (the footer, the launch page, the shop API): the address is kept as pending and gets
 * a mail with a confirmation link (double opt-in). The answer is the same whatever the address's
 * state, so nobody learns who is subscribed. An address that is subscribed already is not mailed;
 * one that is waiting gets a new link (the earlier one stops working), at most three an hour.
 * Too many sign-ups from one connection are refused (429).
 */
export async function subscribe(kit: NewsletterKit, scope: Scope, raw: unknown): Promise<SignUpAnswer> {
  const { email, source } = parseInput(subscribeInput, raw);
  const from = await kit.limits.fromAddress.hit(addressKey(scope.visitor.ip));
  if (from.limited) throw tooManySignUps(from.retryAfterSeconds);
  await signUp(kit, scope, email, source, { proven: false });
  return { status: "pending" };
}

/**
 * Signs `email` up from `source`. `proven`: the address is known to be the visitor's (a customer's
 * confirmed account address, ticking the newsletter in the account), so it is confirmed at once
 * and welcomed instead of asked.
 */
export async function signUp(
  kit: NewsletterKit,
  scope: Scope,
  email: string,
  source: NewsletterSource,
  options: { proven: boolean },
) {
  // Counted outside the transaction (it is not the database's), whatever the address's state, by
  // the mailbox it reaches (mailboxKey: `+tags` and Gmail's dots make no new one, ADR 50), and
  // given back below when nothing is mailed after all (subscribed already, the transaction failed).
  const mailbox = mailboxKey(email);
  const mayMail = options.proven || !(await kit.limits.toAddress.hit(mailbox)).limited;
  let mailed = false;
  try {
    mailed = await withTransaction(scope, async (tx) => {
      const row = await lockedSubscription(tx.db, email, source);
      if (row.status === "confirmed") return false;
      if (options.proven) {
        await markConfirmed(kit, tx.db, row, source);
        kit.mailsWritten(tx);
        return false;
      }
      // Over the limit, the link mailed last keeps working: no new one replaces it unsent.
      if (!mayMail) return false;
      const token = newCode();
      await tx.db
        .update(newsletterSubscriptions)
        .set({
          status: "pending",
          source,
          confirmTokenHash: hashCode(token),
          confirmExpiresAt: new Date(Date.now() + CONFIRM_DAYS * DAY),
          updatedAt: sql`now()`,
        })
        .where(eq(newsletterSubscriptions.id, row.id));
      const { siteName } = kit.deps;
      await enqueueMail(
        tx.db,
        confirmSubscriptionMail({ siteName, to: email, link: kit.confirmLink(token), days: CONFIRM_DAYS }),
      );
      kit.mailsWritten(tx);
      return true;
    });
  } finally {
    // A refused count stays (past the limit nothing is mailed anyway); a proven one was never taken.
    if (!mailed && mayMail && !options.proven) await kit.limits.toAddress.release(mailbox);
  }
}
