import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with the parameters every
 * authenticator app reads without asking: HMAC-SHA-1, 6 digits, 30-second steps (ADR 59). A code
 * is accepted for its step and one step either side, for clocks a little apart and codes typed as
 * they change; the caller refuses steps already used (lastStep), so no code works twice.
 */

export const TOTP = { algorithm: "SHA1", digits: 6, periodSeconds: 30, window: 1 } as const;

/** 160 bits, the HMAC-SHA-1 key length RFC 4226 §4 recommends. */
export const SECRET_BYTES = 20;

export function newTotpSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** The time step `at` falls in (RFC 6238 T, with T0 = 0). */
export function totpStep(at: Date | number, periodSeconds: number = TOTP.periodSeconds): number {
  return Math.floor(Number(at) / 1000 / periodSeconds);
}

/** HOTP (RFC 4226 §5.3): the code of one counter value, as `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an app shows at `at`. */
export function totpCode(key: Uint8Array, at: Date | number, digits: number = TOTP.digits): string {
  return hotp(key, totpStep(at), digits);
}

/**
 * The step whose code `code` is, within the window around `at` and after `lastStep`; null when
 * none. Every step of the window is computed and compared in constant time, so the answer's time
 * does not tell which step matched.
 */
export function matchTotp(key: Uint8Array, code: string, at: Date | number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const given = Buffer.from(code);
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), given);
    if (same && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}
