import { afterCommit, type Scope } from "../../lib/scope.ts";
import { rateLimit, type RateLimitStore } from "../rate-limit/index.ts";
import { createUnsubscribeTokens } from "./tokens.ts";

/*
 * What every use case of the newsletter shares: its settings, its rate limits, its links and the
 * wake-up of the mail runner. Built once by createNewsletter; each use case file takes it first.
 */

export interface NewsletterDeps {
  siteName: string;
  publicUrl: string;
  /** The shop's secret: unsubscribe links are signed with a key derived from it. */
  secret: string;
  rateLimits: RateLimitStore;
  /** Wakes the mail outbox's runner once mails written in a transaction have committed. */
  mailsWritten?: () => void;
  /**
   * Refuses (SECOND_FACTOR_REQUIRED) unless the staff member's session proved its second factor
   * within 10 minutes (staff-access): the export of the list asks for it again (ADR 59, 77).
   */
  requireRecentSecondFactor: (scope: Scope, who: { userId: number; sessionId: string }, now?: Date) => Promise<void>;
}

/** How long a confirmation link works. */
export const CONFIRM_DAYS = 7;
const MINUTE = 60_000;

export type NewsletterKit = ReturnType<typeof createKit>;

export function createKit(deps: NewsletterDeps) {
  const unsubscribeTokens = createUnsubscribeTokens(deps.secret);
  return {
    deps,
    unsubscribeTokens,
    limits: {
      // Sign-ups from one connection: beyond this, 429 (a script filling in addresses).
      fromAddress: rateLimit(deps.rateLimits, { name: "newsletter-from", limit: 10, windowMs: 15 * MINUTE }),
      // Confirmation mails to one mailbox (mailboxKey: its spellings count as one, ADR 50): beyond
      // this, none is sent (and the answer is the same), so nobody can flood a mailbox through the form.
      toAddress: rateLimit(deps.rateLimits, { name: "newsletter-to", limit: 3, windowMs: 60 * MINUTE }),
    },
    confirmLink: (token: string) => `${deps.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
    unsubscribeLink: (unsubscribeKey: string) =>
      `${deps.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeTokens.tokenFor(unsubscribeKey))}`,
    /** The outbox is sent once the scope's transaction commits. */
    mailsWritten(scope: Scope) {
      if (deps.mailsWritten) afterCommit(scope, deps.mailsWritten);
    },
  };
}
