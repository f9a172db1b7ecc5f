import { createHash, randomBytes } from "node:crypto";

/*
 * Codes mailed to customers (confirm an address, reset a password) and session ids: 256 random
 * bits for codes, 128 for session ids, base64url. Codes are stored as their SHA-256 only; a code
 * this random needs no slow hash, and a plain one lets the database find it by index.
 */

const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCode(): string {
  return randomBytes(32).toString("base64url");
}

export function isCodeShaped(code: unknown): code is string {
  return typeof code === "string" && CODE_PATTERN.test(code);
}

export function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}
