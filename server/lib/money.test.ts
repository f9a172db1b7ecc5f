import { describe, expect, it } from "vitest";
import { decimalAmount, parseAmount } from "./money.ts";

describe("amounts as an owner types them and a spreadsheet reads them", () => {
  it("reads a typed amount as exact minor units", () => {
    expect(parseAmount("12.50", "EUR")).toBe(1250);
    expect(parseAmount("12.5", "EUR")).toBe(1250);
    expect(parseAmount("12", "EUR")).toBe(1200);
    expect(parseAmount(" €1,234.05 ", "EUR")).toBe(123405);
    expect(parseAmount("12,50", "EUR")).toBe(1250);
    expect(parseAmount("0.29", "EUR")).toBe(29);
    expect(parseAmount("1500", "JPY")).toBe(1500);
  });

  it("refuses what is not a plain non-negative amount of the currency", () => {
    for (const bad of ["", "abc", "-5", "1.234", "12.5.0", "1e3", "12,5,0", "0x10", "Infinity"]) {
      expect(parseAmount(bad, "EUR"), bad).toBeNull();
    }
    expect(parseAmount("15.5", "JPY")).toBeNull();
  });

  it("writes minor units back as the same text", () => {
    expect(decimalAmount(123405, "EUR")).toBe("1234.05");
    expect(decimalAmount(-250, "EUR")).toBe("-2.50");
    expect(decimalAmount(1500, "JPY")).toBe("1500");
    for (const minor of [0, 1, 99, 100, 1999, 4_999_999]) expect(parseAmount(decimalAmount(minor, "EUR"), "EUR")).toBe(minor);
  });
});
