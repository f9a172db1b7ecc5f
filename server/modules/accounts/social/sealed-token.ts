import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The access token the login page carries from the callback to /api/auth/{provider}/callback is
 * not the provider's own: a provider's userinfo endpoint accepts tokens it issued to any app, so
 * taking a raw one would let another app that holds the person's token log in as them here. The
 * shop seals the token from its own code exchange instead (AES-256-GCM under a key derived from the
 * shop's secret): only the shop can make one, so opening it proves the shop's exchange produced
 * it. Encrypting rather than only signing keeps the provider's token, which also works at the
 * provider's APIs, out of addresses, browser history and logs. Five minutes is enough for the
 * login page to trade it and little for an address that leaks.
 */
export const SEALED_TOKEN_SECONDS = 300;

/**
 * The longest sealed token, so its address stays within what servers and proxies take (8 KB is
 * a common limit). A provider token of 4 KB fits: opaque ones are 40 to 250 characters (Google's
 * about 200), JWTs 1 to 2.5 KB (Microsoft Entra's are among the longest).
 */
export const MAX_SEALED_TOKEN_LENGTH = 6144;

const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealedPayload = z.object({
  provider: z.string(),
  accessToken: z.string(),
  /** Seconds since the epoch. */
  exp: z.number(),
  /** The browser's: the login page accepts the token only with the cookie holding this. */
  browser: z.string().optional(),
});

export interface SealedTokenOptions {
  /** The shop's session secret; the key is derived from it (HKDF-SHA256). */
  secret: string;
  /** Milliseconds since the epoch; tests set the clock. */
  now?: () => number;
}

export function createSealedTokens(options: SealedTokenOptions) {
  const key = Buffer.from(hkdfSync("sha256", options.secret, "", "social access token", 32));
  // Date.now read at each call, not kept: a clock a test fakes later still counts.
  const now = options.now ?? (() => Date.now());

  return {
    /**
     * `accessToken`, from `provider`'s token endpoint, sealed for five minutes: base64url of
     * iv + ciphertext + tag. Throws when the result would be longer than MAX_SEALED_TOKEN_LENGTH.
     */
    seal(provider: string, accessToken: string, browser?: string): string {
      const exp = Math.floor(now() / 1000) + SEALED_TOKEN_SECONDS;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      const plaintext = Buffer.from(JSON.stringify({ provider, accessToken, exp, browser }), "utf8");
      const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]).toString("base64url");
      if (sealed.length > MAX_SEALED_TOKEN_LENGTH) {
        throw new RangeError(`The ${provider} access token is too long to pass through the login page's address.`);
      }
      return sealed;
    },

    /**
     * The provider's access token inside `sealed` when this shop sealed it for `provider` and it
     * has not expired, and, when `browser` is given, for that browser; null for anything else (a
     * raw provider token, altered, expired, another provider's, another key's, another browser's).
     */
    open(sealed: string, provider: string, browser?: string | null): string | null {
      const bytes = Buffer.from(sealed, "base64url");
      // Node's decoder skips characters outside the alphabet; only the canonical spelling counts.
      if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== sealed) return null;
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      let json: unknown;
      try {
        const plaintext = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
        json = JSON.parse(plaintext.toString("utf8"));
      } catch {
        return null;
      }
      const parsed = sealedPayload.safeParse(json);
      if (!parsed.success || parsed.data.provider !== provider || parsed.data.exp * 1000 <= now()) return null;
      // Asked for by the login page: the token must come back to the browser it was given to.
      if (browser !== undefined && (!parsed.data.browser || parsed.data.browser !== browser)) return null;
      return parsed.data.accessToken;
    },
  };
}
