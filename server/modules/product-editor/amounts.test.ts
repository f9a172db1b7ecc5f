import { expect, test } from "vitest";
import { amountText, currencyDigits, readAmount } from "./amounts.ts";

test("amounts in the main unit read exactly into minor units", () => {
  expect(readAmount("12.50", 2)).toEqual({ ok: true, minor: 1250 });
  expect(readAmount(" 12.5 ", 2)).toEqual({ ok: true, minor: 1250 });
  expect(readAmount("12", 2)).toEqual({ ok: true, minor: 1200 });
  expect(readAmount("0.07", 2)).toEqual({ ok: true, minor: 7 });
  // 0.1 + 0.2 is not 0.3 in floating point; here it is 30 minor units.
  expect(readAmount("0.29", 2)).toEqual({ ok: true, minor: 29 });
  expect(readAmount("1999", 0)).toEqual({ ok: true, minor: 1999 });
});

test("what is not an amount is refused with a reason", () => {
  expect(readAmount("12,50", 2)).toEqual({ ok: false, message: "Write the decimals after a dot: 12.50." });
  expect(readAmount("12.505", 2)).toEqual({ ok: false, message: "Use at most 2 decimals." });
  expect(readAmount("-3", 2)).toEqual({ ok: false, message: "A price cannot be negative." });
  for (const text of ["", "abc", "1e3", "12.", ".5", "€12"]) expect(readAmount(text, 2).ok).toBe(false);
  expect(readAmount("10000000", 2).ok).toBe(false);
  expect(readAmount("12.5", 0)).toEqual({ ok: false, message: "This currency has no decimals." });
});

test("minor units written back as the field shows them", () => {
  expect(amountText(1250, 2)).toBe("12.50");
  expect(amountText(7, 2)).toBe("0.07");
  expect(amountText(1999, 0)).toBe("1999");
  expect(currencyDigits("EUR")).toBe(2);
  expect(currencyDigits("JPY")).toBe(0);
});
