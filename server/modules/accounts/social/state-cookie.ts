import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { cookieValue, setCookie } from "../../../lib/cookies.ts";

/**
 * The login round trip through a provider is kept in a cookie instead of on the server, so any app
 * process can finish what another one started. It is HMAC-signed with a key derived from the
 * shop's secret (so nobody can forge or alter it), lives 10 minutes, is HttpOnly, and its path is
 * /api/connect, so it travels only to the start and the callback. SameSite=Lax still sends it on
 * the provider's top-level redirect back to the callback.
 */
export const STATE_COOKIE = "social_login";
const PATH = "/api/connect";
export const STATE_COOKIE_SECONDS = 600;

/** What start() hands to finish(): the checks of one authorization request. */
export interface PendingLogin {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

const signedPayload = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  /** Milliseconds since the epoch: the signature covers it, unlike the cookie's Max-Age. */
  expiresAt: z.number(),
});

export function createStateCookies(options: { secret: string; secure: boolean }) {
  const key = Buffer.from(hkdfSync("sha256", options.secret, "", "shop social login state cookie", 32));
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();

  return {
    /** The Set-Cookie value that holds `pending` for ten minutes. */
    issue(pending: PendingLogin): string {
      const payload = Buffer.from(JSON.stringify({ ...pending, expiresAt: Date.now() + STATE_COOKIE_SECONDS * 1000 })).toString(
        "base64url",
      );
      return setCookie(STATE_COOKIE, `${payload}.${mac(payload).toString("base64url")}`, {
        path: PATH,
        maxAge: STATE_COOKIE_SECONDS,
        secure: options.secure,
      });
    },

    /** The pending login in a Cookie header when it is genuine and current; null for anything else. */
    read(cookieHeader: string | null): PendingLogin | null {
      const value = cookieValue(cookieHeader, STATE_COOKIE);
      const [payload, signature, extra] = value?.split(".") ?? [];
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const parsed = signedPayload.safeParse(json);
      if (!parsed.success || parsed.data.expiresAt <= Date.now()) return null;
      const { expiresAt: _expiresAt, ...pending } = parsed.data;
      return pending;
    },

    /** The Set-Cookie value that removes the cookie: a round trip is used once. */
    clear(): string {
      return setCookie(STATE_COOKIE, "", { path: PATH, maxAge: 0, secure: options.secure });
    },
  };
}
