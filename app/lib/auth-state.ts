/*
 * The browser's auth state (SPEC §3-§4, §8): who is logged in and with which strategy, and the
 * token's status. The token itself is in an HttpOnly cookie no script can read
 * (docs/decisions/0023-auth-cookies.md); its expiry comes with the page data and the readable
 * `auth._token_expiration.{strategy}` cookie, which is all the status needs.
 */

/** SPEC §9: a token counts as expired this long before its expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 500;

export type TokenStatus = "unknown" | "valid" | "expired";

export function tokenStatus(expiresAt: number | null | undefined, now = Date.now()): TokenStatus {
  if (expiresAt === null || expiresAt === undefined || !Number.isFinite(expiresAt)) return "unknown";
  return now < expiresAt - TOKEN_EXPIRY_MARGIN_MS ? "valid" : "expired";
}

export const SESSION_ENDED_MESSAGE = "Your session has ended. Please log in again.";

/** The error messages of SPEC §8, word for word. */
export const AUTH_ERRORS = {
  noStrategy: "No strategy is set!",
  notSupported: (name: string) => `Strategy not supported: ${name}`,
  notDefined: (name: string) => `Strategy ${name} is not defined!`,
  noUserField: "User Data response does not contain field user",
} as const;

/** How a strategy logs in: with a form of credentials (local, the login API) or at a provider. */
export type StrategyKind = "credentials" | "provider";

export interface StrategyDefinition {
  name: string;
  kind: StrategyKind;
}

/** The strategy named `name`, or the error SPEC §8 names for why there is none. */
export function resolveStrategy(
  name: string | null | undefined,
  strategies: readonly StrategyDefinition[],
  supported: readonly StrategyKind[] = ["credentials", "provider"],
): StrategyDefinition {
  if (!name) throw new Error(AUTH_ERRORS.noStrategy);
  const strategy = strategies.find((s) => s.name === name);
  if (!strategy) throw new Error(AUTH_ERRORS.notDefined(name));
  if (!supported.includes(strategy.kind)) throw new Error(AUTH_ERRORS.notSupported(name));
  return strategy;
}

/** The user out of a user-endpoint answer; an answer without `user` is an error (SPEC §5). */
export function userFromResponse<User>(body: unknown): User {
  if (!body || typeof body !== "object" || !("user" in body)) throw new Error(AUTH_ERRORS.noUserField);
  return (body as { user: User }).user;
}

/**
 * Asks the login API who is logged in (GET /auth/user, with the cookie). False when the answer is
 * not a user: a failed user fetch means the browser is to log out (SPEC §4).
 */
export async function sessionStillOpen(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher("/auth/user", { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) return false;
    userFromResponse(await response.json());
    return true;
  } catch {
    return false;
  }
}
