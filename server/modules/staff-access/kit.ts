import type { Db } from "../../db/client.ts";
import { afterCommit, type Scope } from "../../lib/scope.ts";
import { rateLimit, type RateLimitRule, type RateLimitStore } from "../rate-limit/index.ts";
import { createSecretBox } from "./secret-box.ts";

/*
 * What every use case of staff access shares (ADR 59): the settings, the sealing key of the
 * authenticator secrets, the code limits and the links the mails carry. Built once by
 * createStaffAccess; each use case file takes it first.
 */

export interface StaffAccessDeps {
  db: Db;
  /** The shop's session secret: the authenticator secrets are sealed with a key derived from it. */
  secret: string;
  publicUrl: string;
  siteName: string;
  rateLimits: RateLimitStore;
  /** Wakes the mail outbox's runner once mails written in a transaction have committed. */
  mailsWritten?: () => void;
  /** A back-office session ends this many hours after its second factor (default 12). */
  backOfficeHours?: number;
  /** ... and after this many minutes without a back-office request (default 30). */
  backOfficeIdleMinutes?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Wrong second-factor codes are limited as wrong passwords are (the login's rule of issue 4): the
 * sixth wrong code within five minutes, for one account or from one address, is refused. Five
 * guesses in five minutes leave a six-digit code about 1 in 200 000 a window.
 */
export const SECOND_FACTOR_RULES = {
  account: { name: "second-factor-account", limit: 5, windowMs: 5 * MINUTE },
  address: { name: "second-factor-address", limit: 5, windowMs: 5 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export const INVITATION_LIFETIME_MS = 7 * 24 * HOUR;
export const SETUP_LINK_LIFETIME_MS = 24 * HOUR;

export type StaffAccessKit = ReturnType<typeof createKit>;

export function createKit(deps: StaffAccessDeps) {
  const wake = () => deps.mailsWritten?.();
  return {
    deps,
    box: createSecretBox(deps.secret),
    limits: {
      account: rateLimit(deps.rateLimits, SECOND_FACTOR_RULES.account),
      address: rateLimit(deps.rateLimits, SECOND_FACTOR_RULES.address),
    },
    session: {
      maxAgeMs: (deps.backOfficeHours ?? 12) * HOUR,
      idleMs: (deps.backOfficeIdleMinutes ?? 30) * MINUTE,
    },
    setupLink: (token: string) => `${deps.publicUrl}/admin/setup?token=${encodeURIComponent(token)}`,
    joinLink: (token: string) => `${deps.publicUrl}/admin/join?token=${encodeURIComponent(token)}`,
    /** The outbox is sent once the scope's transaction commits. */
    mailsWritten(scope: Scope) {
      afterCommit(scope, wake);
    },
  };
}
