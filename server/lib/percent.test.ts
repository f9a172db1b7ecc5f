import { expect, test } from "vitest";
import { basisPointsToPercent, percentToBasisPoints } from "./percent.ts";

test("one reading of a typed percentage, in basis points", () => {
  expect(percentToBasisPoints("21")).toBe(2100);
  expect(percentToBasisPoints("5.5")).toBe(550);
  expect(percentToBasisPoints("8,1 %")).toBe(810);
  expect(percentToBasisPoints("12.25%")).toBe(1225);
  expect(percentToBasisPoints("100")).toBe(10_000);
  expect(percentToBasisPoints("100.01")).toBeNull();
  expect(percentToBasisPoints("150", Number.POSITIVE_INFINITY)).toBe(15_000);
  for (const text of ["", "abc", "-5", "1.234", "1e2"]) expect(percentToBasisPoints(text)).toBeNull();
  expect(basisPointsToPercent(550)).toBe("5.5");
});
