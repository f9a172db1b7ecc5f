import { cookieValue, setCookie, type CookieSecurity } from "../../lib/cookies.ts";
import { safeLocalPath } from "../../lib/safe-path.ts";

/*
 * The auth cookies of SPEC §9: prefix `auth.`, path /, 7 days. `auth.strategy` names how the
 * visitor logged in, `auth._token.{strategy}` holds "Bearer <token>" and
 * `auth._token_expiration.{strategy}` its expiry in milliseconds, `auth.redirect` the page to
 * return to after login. See docs/decisions for why the token cookie is HttpOnly.
 */
export const AUTH_STRATEGY_COOKIE = "auth.strategy";
export const AUTH_REDIRECT_COOKIE = "auth.redirect";
export const DEFAULT_STRATEGY = "local";
/** The strategy of sessions opened through the login API (POST /auth/login, or /login with it chosen). */
export const LOGIN_API_STRATEGY = "loginApi";
/**
 * The cookie naming the browser a social login's sealed token was handed to (social/index.ts);
 * read by the login page, and by GET /api/auth/{provider}/callback to tell the browser that began
 * the login from a link.
 */
export const SOCIAL_BROWSER_COOKIE = "social_login_browser";

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

const SESSION_COOKIE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The cookies a login sets (SPEC §9). The token cookie is HttpOnly, so no script (an injected one
 * included) can read the session; the expiry and strategy cookies stay readable, which is all the
 * browser's auth state needs to know (docs/decisions/0023-auth-cookies.md).
 */
export function sessionCookies(session: { jwt: string; expiresAt: Date; strategy: string }, options: CookieSecurity): string[] {
  const maxAge = Math.max(0, Math.min(SESSION_COOKIE_SECONDS, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)));
  return [
    setCookie(AUTH_STRATEGY_COOKIE, encodeURIComponent(session.strategy), { maxAge, httpOnly: false, secure: options.secure }),
    setCookie(tokenCookieName(session.strategy), encodeURIComponent(`Bearer ${session.jwt}`), { maxAge, secure: options.secure }),
    setCookie(tokenExpirationCookieName(session.strategy), String(session.expiresAt.getTime()), {
      maxAge,
      httpOnly: false,
      secure: options.secure,
    }),
  ];
}

/** The cookies that end a session in the browser: the strategy's token, its expiry, the strategy. */
export function clearedSessionCookies(cookieHeader: string | null | undefined, options: CookieSecurity): string[] {
  const strategy = decoded(cookieValue(cookieHeader, AUTH_STRATEGY_COOKIE)) ?? DEFAULT_STRATEGY;
  const name = STRATEGY_NAME.test(strategy) ? strategy : DEFAULT_STRATEGY;
  return [
    setCookie(AUTH_STRATEGY_COOKIE, "", { maxAge: 0, httpOnly: false, secure: options.secure }),
    setCookie(tokenCookieName(name), "", { maxAge: 0, secure: options.secure }),
    setCookie(tokenExpirationCookieName(name), "", { maxAge: 0, httpOnly: false, secure: options.secure }),
  ];
}

/** Remembers the page a logged-out visitor was sent away from, to return there after login. */
export function redirectCookie(path: string, options: CookieSecurity): string {
  return setCookie(AUTH_REDIRECT_COOKIE, encodeURIComponent(path), {
    maxAge: SESSION_COOKIE_SECONDS,
    httpOnly: false,
    secure: options.secure,
  });
}

export function clearedRedirectCookie(options: CookieSecurity): string {
  return setCookie(AUTH_REDIRECT_COOKIE, "", { maxAge: 0, httpOnly: false, secure: options.secure });
}

export function readRedirect(cookieHeader: string | null | undefined): string | null {
  return safeLocalPath(decoded(cookieValue(cookieHeader, AUTH_REDIRECT_COOKIE)));
}

/** The session's expiry as the browser's cookie says it, in milliseconds; null when absent. */
export function readTokenExpiration(cookieHeader: string | null | undefined): number | null {
  const strategy = decoded(cookieValue(cookieHeader, AUTH_STRATEGY_COOKIE)) ?? DEFAULT_STRATEGY;
  if (!STRATEGY_NAME.test(strategy)) return null;
  const value = Number(cookieValue(cookieHeader, tokenExpirationCookieName(strategy)));
  return Number.isFinite(value) && value > 0 ? value : null;
}
