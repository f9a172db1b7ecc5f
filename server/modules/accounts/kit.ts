import type { Db } from "../../db/client.ts";
import { afterCommit, type Scope } from "../../lib/scope.ts";
import type { MergeNote } from "../cart/index.ts";
import { rateLimit, type RateLimitStore } from "../rate-limit/index.ts";
import { newCode } from "./codes.ts";
import { tooManyAttempts } from "./errors.ts";
import { hashPassword } from "./password.ts";
import { createTokens } from "./tokens.ts";

/*
 * What every use case of the accounts module shares: its settings and the outside world, the
 * session token signer, the rate limits, and work done after answering. Built once by
 * createAccounts; each use case file takes it first.
 */

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** The bag module's side of a login: a guest's bag joins the customer's (the bag module decides how). */
export interface GuestBags {
  mergeGuestBag(scope: Scope, guestToken: string, customerId: number): Promise<MergeNote[]>;
}

export interface AccountsDeps {
  /** The database, for work done after answering (mails), outside any request's transaction. */
  db: Db;
  /** The shop's session secret: session tokens are signed with a key derived from it. */
  secret: string;
  publicUrl: string;
  siteName: string;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /** Merges a guest's bag at every login; absent: bags are left alone (scripts, some tests). */
  bags?: GuestBags;
  /**
   * Gives a confirmed address's guest orders to its account (the orders module decides how):
   * called when an address is confirmed and at each login of a confirmed account.
   */
  guestOrders?: { claim(scope: Scope, customerId: number, email: string): Promise<number> };
  /** Failures of work done after answering (sending a mail); they must not reach the visitor. */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * A request's scope as the accounts module reads it: `guestBag` is the token of the visitor's
 * guest bag (the cart cookie), which joins the customer's bag when a session opens.
 */
export type AccountScope = Scope & { readonly guestBag?: string | null };

export const MINUTE = 60_000;

export type AccountsKit = ReturnType<typeof createKit>;

export function createKit(deps: AccountsDeps) {
  const store = deps.rateLimits;
  // SPEC-level rule of issue 4: the sixth failed login within five minutes, for one account or
  // from one address, is refused. The others bound mail sending and code guessing per address.
  const limits = {
    loginAccount: rateLimit(store, { name: "login-account", limit: 5, windowMs: 5 * MINUTE }),
    loginAddress: rateLimit(store, { name: "login-address", limit: 5, windowMs: 5 * MINUTE }),
    register: rateLimit(store, { name: "register", limit: 10, windowMs: 60 * MINUTE }),
    mailToAddress: rateLimit(store, { name: "mail-to", limit: 3, windowMs: 15 * MINUTE }),
    mailFromAddress: rateLimit(store, { name: "mail-from", limit: 10, windowMs: 15 * MINUTE }),
    codes: rateLimit(store, { name: "codes", limit: 10, windowMs: 15 * MINUTE }),
  };

  const pending = new Set<Promise<void>>();
  let decoy: Promise<string> | undefined;

  return {
    deps,
    tokens: createTokens({ secret: deps.secret, issuer: deps.publicUrl }),
    limits,

    /**
     * Runs `task` after the answer has gone (and after the scope's transaction has committed, so
     * it sees what the request wrote): known and unknown addresses answer alike and as fast.
     */
    later(scope: Scope, task: () => Promise<void>) {
      afterCommit(scope, () => {
        const run: Promise<void> = Promise.resolve()
          .then(task)
          .catch((error: unknown) => deps.onBackgroundError?.(error))
          .finally(() => pending.delete(run));
        pending.add(run);
      });
    },

    /** Resolves when work started after answering has finished: for shutdown and tests. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** A hash to check unknown identifiers against, so they take as long as known ones. */
    decoyHash(): Promise<string> {
      decoy ??= hashPassword(newCode());
      return decoy;
    },

    /** Throws TOO_MANY_REQUESTS when any of the verdicts is limited, with the longest wait. */
    async refuseIfLimited(...verdicts: Promise<{ limited: boolean; retryAfterSeconds: number }>[]) {
      const results = await Promise.all(verdicts);
      const limited = results.filter((r) => r.limited);
      if (limited.length > 0) throw tooManyAttempts(Math.max(...limited.map((r) => r.retryAfterSeconds)));
    },
  };
}
