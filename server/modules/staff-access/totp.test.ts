import { expect, test } from "vitest";
import { base32Decode, base32Encode } from "./base32.ts";
import { hotp, matchTotp, totpCode, totpStep } from "./totp.ts";

// RFC 6238 Appendix B's SHA-1 key: the ASCII of "12345678901234567890".
const RFC_KEY = Buffer.from("12345678901234567890", "ascii");

test("codes are RFC 6238's published SHA-1 test vectors (8 digits, and their last 6 as apps show them)", () => {
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  for (const [seconds, code] of vectors) {
    expect(totpCode(RFC_KEY, seconds * 1000, 8)).toBe(code);
    expect(totpCode(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
  }
});

test("RFC 4226's HOTP values for counters 0 to 2", () => {
  expect([0, 1, 2].map((counter) => hotp(RFC_KEY, counter))).toEqual(["755224", "287082", "359152"]);
});

test("a code is accepted one step either side of now, and never for a step already used", () => {
  const now = 1_700_000_000_000;
  const step = totpStep(now);
  const codeAt = (offset: number) => hotp(RFC_KEY, step + offset);
  expect(matchTotp(RFC_KEY, codeAt(0), now, null)).toBe(step);
  expect(matchTotp(RFC_KEY, codeAt(-1), now, null)).toBe(step - 1);
  expect(matchTotp(RFC_KEY, codeAt(1), now, null)).toBe(step + 1);
  expect(matchTotp(RFC_KEY, codeAt(-2), now, null)).toBeNull();
  expect(matchTotp(RFC_KEY, codeAt(2), now, null)).toBeNull();
  // The step was used: the same code, and the one before it, are refused; the next is taken.
  expect(matchTotp(RFC_KEY, codeAt(0), now, step)).toBeNull();
  expect(matchTotp(RFC_KEY, codeAt(-1), now, step)).toBeNull();
  expect(matchTotp(RFC_KEY, codeAt(1), now, step)).toBe(step + 1);
  expect(matchTotp(RFC_KEY, "12345", now, null)).toBeNull();
  expect(matchTotp(RFC_KEY, "abcdef", now, null)).toBeNull();
});

test("base32 is RFC 4648's: its test vectors, any case, spaces and padding as people copy them", () => {
  const vectors: [string, string][] = [
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ];
  for (const [plain, encoded] of vectors) {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  }
  expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
  expect(base32Encode(RFC_KEY)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  expect(() => base32Decode("MZXW1")).toThrow();
});
