import { expect, test } from "vitest";
import { currencySymbol, formatMoney } from "./money.ts";

test("formats integer minor units in the shop's currency", () => {
  expect(formatMoney(1999, "EUR")).toBe("€19.99");
  expect(formatMoney(500, "GBP")).toBe("£5.00");
  // Currencies without minor units are not divided by 100.
  expect(formatMoney(1500, "JPY")).toBe("¥1,500");
});

test("knows each currency's symbol", () => {
  expect(currencySymbol("EUR")).toBe("€");
  expect(currencySymbol("GBP")).toBe("£");
  expect(currencySymbol("EUR")).toBe("€");
});
