import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { isCommonPassword } from "./common-passwords.ts";

/*
 * Password hashing and the password rules (issue 4, ASVS level 2): scrypt from node:crypto, which
 * runs on libuv's thread pool and needs no native package. Stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so stronger parameters can be adopted later
 * and old hashes still verify; needsRehash() says when a login should store a new one.
 */

const CURRENT = { log2N: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Parameters beyond these are not ours: refused rather than run (they could exhaust memory or time). */
const MAX = { log2N: 20, r: 16, p: 4 } as const;

/** Passwords are at least this long and at most this long, counted in characters (code points). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

function derive(password: string, salt: Buffer, params: { log2N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.log2N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes; the default cap (32 MiB) is just too small for N = 2^15, r = 8.
    maxmem: 256 * 2 ** params.log2N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT);
  return ["scrypt", CURRENT.log2N, CURRENT.r, CURRENT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface Stored {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Stored | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [log2N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : NaN)) as [
    number,
    number,
    number,
  ];
  if (!(log2N >= 10 && log2N <= MAX.log2N && r >= 1 && r <= MAX.r && p >= 1 && p <= MAX.p)) return null;
  const salt = Buffer.from(parts[4]!, "base64url");
  const key = Buffer.from(parts[5]!, "base64url");
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return null;
  return { log2N, r, p, salt, key };
}

/** True when `password` is the one `stored` was made from; false for anything else, a damaged hash included. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's: store a new one at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.log2N < CURRENT.log2N || parsed.r < CURRENT.r || parsed.p < CURRENT.p;
}

/**
 * Why a new password cannot be used, or null when it can. Length and a list of common passwords
 * only: no composition rules (ASVS 2.1.9), and any character is allowed, spaces and emoji included.
 */
export function passwordProblem(password: string, person: { email?: string; username?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lowered = password.toLowerCase();
  if (isCommonPassword(lowered)) return "This password is too common: choose one that is harder to guess.";
  const own = [person.email?.toLowerCase(), person.email?.split("@")[0]?.toLowerCase(), person.username?.toLowerCase()];
  if (own.some((value) => value && value.length >= 4 && lowered === value)) {
    return "Do not use your e-mail address or user name as your password.";
  }
  return null;
}
