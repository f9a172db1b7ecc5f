import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * The two links of a subscription (ADR 40):
 *
 * - The confirmation link carries a one-time token of 256 random bits, stored as its SHA-256 only
 *   (the accounts module's mailed codes: accounts/codes.ts), and expiring.
 * - The unsubscribe link must work for as long as the address gets newsletters, and every
 *   newsletter must be able to carry it: a stored hash could not be put in a later mail. So its
 *   token is the subscription's random key with an HMAC of it, under a key derived from the shop's
 *   secret: `<key>.<mac>`. The table holds only the key, which unsubscribes nothing by itself.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAC_BYTES = 18;

/** A subscription's unsubscribe key: 128 random bits, base64url. */
export function newUnsubscribeKey(): string {
  return randomBytes(16).toString("base64url");
}

export function createUnsubscribeTokens(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "newsletter unsubscribe link", 32));
  const mac = (unsubscribeKey: string) => createHmac("sha256", key).update(unsubscribeKey).digest().subarray(0, MAC_BYTES);
  return {
    /** The token of the unsubscribe link for the subscription with `unsubscribeKey`. */
    tokenFor(unsubscribeKey: string): string {
      return `${unsubscribeKey}.${mac(unsubscribeKey).toString("base64url")}`;
    },
    /** The subscription key a genuine token names; null for anything else. */
    keyOf(token: string): string | null {
      const [unsubscribeKey, signature, ...rest] = token.split(".");
      if (rest.length > 0 || !unsubscribeKey || !signature || !KEY_PATTERN.test(unsubscribeKey)) return null;
      const given = Buffer.from(signature, "base64url");
      if (given.length !== MAC_BYTES || given.toString("base64url") !== signature) return null;
      return timingSafeEqual(given, mac(unsubscribeKey)) ? unsubscribeKey : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
