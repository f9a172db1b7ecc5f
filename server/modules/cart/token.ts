import { createHash, randomBytes } from "node:crypto";

/**
 * A bag is reached by a random token the shopper holds (the cart cookie, or the id an API client
 * was given): 192 random bits, so bags cannot be guessed. Only its SHA-256 is stored.
 */
export function newCartToken(): string {
  return randomBytes(24).toString("base64url");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** True for a string that could be a cart token; anything else names no bag and is not looked up. */
export function isCartToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
