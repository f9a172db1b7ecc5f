import { createHash, randomInt } from "node:crypto";

/*
 * Recovery codes (ADR 59): ten single-use codes shown once, for an account whose authenticator is
 * lost. Twelve characters from 31 that cannot be mistaken for one another (no 0/o, 1/l/i), written
 * in three groups: `abcd-efgh-jkmn`, about 59 bits each. Codes this random, single use and
 * rate-limited need no slow hash: only their SHA-256 is kept, and the database finds one by it.
 */

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 3;
const GROUP_LENGTH = 4;

export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/**
 * The code as typed, in the one form that is hashed: lower case, without spaces or dashes; null
 * when it cannot be a recovery code (so a typo is not looked up).
 */
export function normalRecoveryCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, "");
  if (clean.length !== GROUPS * GROUP_LENGTH) return null;
  return [...clean].every((char) => ALPHABET.includes(char)) ? clean : null;
}

export function hashRecoveryCode(normal: string): string {
  return createHash("sha256").update(`recovery:${normal}`).digest("hex");
}
