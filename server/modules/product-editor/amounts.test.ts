import { expect, test } from "vitest";
import { amountText, readAmount } from "./amounts.ts";

test("amounts in the main unit read exactly into minor units", () => {
  expect(readAmount("12.50", "EUR")).toEqual({ ok: true, minor: 1250 });
  expect(readAmount(" 12.5 ", "EUR")).toEqual({ ok: true, minor: 1250 });
  expect(readAmount("12,50", "EUR")).toEqual({ ok: true, minor: 1250 });
  expect(readAmount("12", "EUR")).toEqual({ ok: true, minor: 1200 });
  // 0.1 + 0.2 is not 0.3 in floating point; here 0.29 is 29 minor units.
  expect(readAmount("0.29", "EUR")).toEqual({ ok: true, minor: 29 });
  expect(readAmount("1999", "JPY")).toEqual({ ok: true, minor: 1999 });
});

test("what is not an amount is refused with a reason", () => {
  expect(readAmount("12.505", "EUR")).toEqual({ ok: false, message: "Use at most 2 decimals." });
  expect(readAmount("-3", "EUR")).toEqual({ ok: false, message: "An amount cannot be negative." });
  expect(readAmount("abc", "EUR")).toEqual({ ok: false, message: "Write the amount as a number, such as 12.50." });
  for (const text of ["", "1e3", "12.", ".5", "12.5.0"]) expect(readAmount(text, "EUR").ok).toBe(false);
  expect(readAmount("10000000", "EUR")).toEqual({ ok: false, message: "Use an amount up to 9999999." });
  expect(readAmount("12.5", "JPY")).toEqual({ ok: false, message: "This currency has no decimals." });
  expect(readAmount("abc", "JPY")).toEqual({ ok: false, message: "Write the amount as a number, such as 12." });
  // A field's own ceiling.
  expect(readAmount("100001", "EUR", 100_000)).toEqual({ ok: false, message: "Use an amount up to 100000." });
  expect(readAmount("100000", "EUR", 100_000)).toEqual({ ok: true, minor: 10_000_000 });
});

test("minor units written back as the field shows them, and read again the same", () => {
  expect(amountText(1250, "EUR")).toBe("12.50");
  expect(amountText(7, "EUR")).toBe("0.07");
  expect(amountText(1999, "JPY")).toBe("1999");
  for (const minor of [0, 7, 1250, 999_999_900]) expect(readAmount(amountText(minor, "EUR"), "EUR")).toEqual({ ok: true, minor });
});
