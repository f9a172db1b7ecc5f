import { cookieValue } from "../../lib/cookies.ts";

/*
 * The auth cookies of SPEC §9: prefix `auth.`, path /, 7 days. `auth.strategy` names how the
 * visitor logged in, `auth._token.{strategy}` holds "Bearer <token>" and
 * `auth._token_expiration.{strategy}` its expiry in milliseconds, `auth.redirect` the page to
 * return to after login. See docs/decisions for why the token cookie is HttpOnly.
 */
export const AUTH_STRATEGY_COOKIE = "auth.strategy";
export const AUTH_REDIRECT_COOKIE = "auth.redirect";
export const DEFAULT_STRATEGY = "local";

const STRATEGY_NAME = /^[A-Za-z0-9_-]{1,40}$/;

export function tokenCookieName(strategy: string): string {
  return `auth._token.${strategy}`;
}

export function tokenExpirationCookieName(strategy: string): string {
  return `auth._token_expiration.${strategy}`;
}

function decoded(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The session token the visitor's cookies carry, without its "Bearer " prefix; null when none. */
export function readSessionCookie(cookieHeader: string | null | undefined): string | null {
  const strategy = decoded(cookieValue(cookieHeader, AUTH_STRATEGY_COOKIE)) ?? DEFAULT_STRATEGY;
  if (!STRATEGY_NAME.test(strategy)) return null;
  const value = decoded(cookieValue(cookieHeader, tokenCookieName(strategy)));
  if (!value) return null;
  const token = value.startsWith("Bearer ") ? value.slice(7) : value;
  return token === "" || token === "false" ? null : token;
}
