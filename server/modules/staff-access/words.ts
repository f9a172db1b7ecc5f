/*
 * The back office's roles and session states, as pages and the server both read them (ADR 39, 59).
 * No imports: pages take this file through shared.ts.
 */

/** The roles that open the back office; every other (customer) does not. */
export const BACK_OFFICE_ROLES = ["editor", "staff", "owner"] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export function isBackOfficeRole(role: string): role is BackOfficeRole {
  return (BACK_OFFICE_ROLES as readonly string[]).includes(role);
}

/**
 * Where a session stands at the back office's door:
 * - `not-staff`: a customer; the back office does not exist for them (404);
 * - `enrol`: a back-office account without a confirmed authenticator: set one up first;
 * - `verify`: this session has not proved the second factor yet;
 * - `ended`: the session's back-office time is over (12 h since its second factor, or idle): it
 *   has been ended, log in again;
 * - `ok`: in.
 */
export type GateState = "not-staff" | "enrol" | "verify" | "ended" | "ok";

/** Sensitive actions (refunds, role changes, exports of personal data) ask again after this. */
export const RECHECK_MINUTES = 10;

/** True when the session proved its second factor within `minutes` of `now`. */
export function recentSecondFactor(
  session: { secondFactorAt: Date | null },
  now: Date = new Date(),
  minutes: number = RECHECK_MINUTES,
): boolean {
  const at = session.secondFactorAt;
  return at !== null && now.getTime() - at.getTime() < minutes * 60_000 && at.getTime() <= now.getTime() + 60_000;
}

/** What a back-office page asks of an account: any back-office role, the owner alone, or a scope. */
export type BackOfficeAccess = "any" | "owner" | "staff" | "content" | "settings";

/** Whether the account may open what asks for `access` (the owner has every scope; ADR 58). */
export function mayOpen(user: { role: string; scope: readonly string[] }, access: BackOfficeAccess): boolean {
  if (!isBackOfficeRole(user.role)) return false;
  if (access === "any") return true;
  if (access === "owner") return user.role === "owner";
  return user.role === "owner" || user.scope.includes(access);
}
