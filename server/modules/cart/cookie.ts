import { cookieValue, setCookie, type CookieSecurity } from "../../lib/cookies.ts";

/**
 * The cart cookie (SPEC §9: the shop's session token cookie lasts 7 days, path /). It holds the
 * bag's token; HttpOnly because no script needs it (pages, REST and GraphQL read it on the server),
 * SameSite=Lax so another site cannot post to the bag with it, Secure when the shop runs on HTTPS.
 * Every change to the bag sends it again, so the 7 days count from the shopper's last change.
 */
export const CART_COOKIE = "cart_token";
export const CART_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

/** The cart token from a Cookie header, or null. Malformed cookies are ignored, never an error. */
export function readCartToken(cookieHeader: string | null | undefined): string | null {
  return cookieValue(cookieHeader, CART_COOKIE) || null;
}

/** The Set-Cookie value that keeps `token` for 7 more days. */
export function cartCookie(token: string, options: CookieSecurity): string {
  return setCookie(CART_COOKIE, token, { maxAge: CART_COOKIE_MAX_AGE, secure: options.secure });
}

/** The Set-Cookie value that forgets the bag's token (its bag was merged into a customer's). */
export function clearedCartCookie(options: CookieSecurity): string {
  return setCookie(CART_COOKIE, "", { maxAge: 0, secure: options.secure });
}
