import { describe, expect, test } from "vitest";
import { MAX_SEALED_TOKEN_LENGTH, SEALED_TOKEN_SECONDS, createSealedTokens } from "./sealed-token.ts";

const SECRET = "a shop secret that is long enough for tests";
const PROVIDER_TOKEN = "ya29.a0AfB_byC-provider-access-token_0123456789";

/** Sealed tokens on a clock the test moves. */
function onClock(start = Date.UTC(2030, 0, 1)) {
  let time = start;
  const tokens = createSealedTokens({ secret: SECRET, now: () => time });
  return { tokens, advance: (ms: number) => (time += ms) };
}

/** `sealed` with one bit of byte `index` (negative: from the end) flipped, still canonical base64url. */
function flipBit(sealed: string, index: number): string {
  const bytes = Buffer.from(sealed, "base64url");
  bytes[index < 0 ? bytes.length + index : index]! ^= 0x01;
  return bytes.toString("base64url");
}

describe("sealed social access tokens", () => {
  test("open to the provider's token, and hide it", () => {
    const { tokens } = onClock();
    const sealed = tokens.seal("google", PROVIDER_TOKEN);
    expect(sealed).toMatch(/^[\w-]+$/);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("provider-access-token");
    expect(tokens.open(sealed, "google")).toBe(PROVIDER_TOKEN);
    // A fresh iv each time: the same token never seals the same way twice.
    expect(tokens.seal("google", PROVIDER_TOKEN)).not.toBe(sealed);
  });

  test("stay short enough for an address: a 2.5 KB JWT seals to under 3.5 KB, and a 4 KB one still fits", () => {
    const { tokens } = onClock();
    const jwt = `eyJ${"a".repeat(2497)}`;
    const sealed = tokens.seal("entra", jwt);
    expect(sealed.length).toBeLessThan(3500);
    expect(tokens.open(sealed, "entra")).toBe(jwt);
    expect(tokens.open(tokens.seal("entra", "b".repeat(4096)), "entra")).toBe("b".repeat(4096));
    expect(() => tokens.seal("entra", "c".repeat(MAX_SEALED_TOKEN_LENGTH))).toThrow(RangeError);
  });

  test("refuse any change: to the iv, the ciphertext, the tag, the length or the spelling", () => {
    const { tokens } = onClock();
    const sealed = tokens.seal("google", PROVIDER_TOKEN);
    const bytes = Buffer.from(sealed, "base64url");
    for (const [what, altered] of [
      ["iv", flipBit(sealed, 0)],
      ["ciphertext", flipBit(sealed, 20)],
      ["tag", flipBit(sealed, -1)],
      ["cut short", bytes.subarray(0, bytes.length - 1).toString("base64url")],
      ["lengthened", Buffer.concat([bytes, Buffer.from([0])]).toString("base64url")],
      ["iv and tag alone", Buffer.concat([bytes.subarray(0, 12), bytes.subarray(bytes.length - 16)]).toString("base64url")],
      ["padded", `${sealed}=`],
      ["spaced", `${sealed.slice(0, 10)} ${sealed.slice(10)}`],
    ] as const) {
      expect(tokens.open(altered, "google"), what).toBeNull();
    }
  });

  test("refuse a raw provider token and other strings", () => {
    const { tokens } = onClock();
    for (const raw of [PROVIDER_TOKEN, "", "abc", "A".repeat(64), Buffer.alloc(64).toString("base64url")]) {
      expect(tokens.open(raw, "google"), raw).toBeNull();
    }
  });

  test("expire five minutes after sealing", () => {
    const { tokens, advance } = onClock();
    const sealed = tokens.seal("google", PROVIDER_TOKEN);
    advance(SEALED_TOKEN_SECONDS * 1000 - 1);
    expect(tokens.open(sealed, "google")).toBe(PROVIDER_TOKEN);
    advance(1);
    expect(tokens.open(sealed, "google")).toBeNull();
  });

  test("sealed for a browser, open on the login page only with that browser's nonce", () => {
    const { tokens } = onClock();
    const sealed = tokens.seal("google", PROVIDER_TOKEN, "browser-nonce-1");
    expect(tokens.open(sealed, "google", "browser-nonce-1")).toBe(PROVIDER_TOKEN);
    expect(tokens.open(sealed, "google", "browser-nonce-2")).toBeNull();
    expect(tokens.open(sealed, "google", null)).toBeNull();
    // A token sealed for no browser is not accepted where a browser is asked for.
    expect(tokens.open(tokens.seal("google", PROVIDER_TOKEN), "google", "browser-nonce-1")).toBeNull();
    // API clients (no browser asked for) may trade it.
    expect(tokens.open(sealed, "google")).toBe(PROVIDER_TOKEN);
  });

  test("open only for the provider they were sealed for", () => {
    const { tokens } = onClock();
    const sealed = tokens.seal("google", PROVIDER_TOKEN);
    expect(tokens.open(sealed, "apple")).toBeNull();
    expect(tokens.open(sealed, "Google")).toBeNull();
    expect(tokens.open(sealed, "google")).toBe(PROVIDER_TOKEN);
  });

  test("open only under the key of the secret that sealed them", () => {
    const sealed = createSealedTokens({ secret: SECRET }).seal("google", PROVIDER_TOKEN);
    const other = createSealedTokens({ secret: "some other shop's secret, also long" });
    expect(other.open(sealed, "google")).toBeNull();
    expect(createSealedTokens({ secret: SECRET }).open(sealed, "google")).toBe(PROVIDER_TOKEN);
  });
});
