import { expect, test } from "vitest";
import { gtinCheckDigit, gtinProblem, isGtin } from "./gtin.ts";

test("real barcodes of each length pass", () => {
  // An EAN-13, a UPC-A, an EAN-8, and GS1's GTIN-14 example.
  for (const code of ["4006381333931", "036000291452", "96385074", "00012345600012", "04006381333931"]) {
    expect(isGtin(code)).toBe(true);
  }
});

test("a wrong check digit is refused and the right one named", () => {
  expect(gtinProblem("4006381333932")).toBe(
    "This barcode's last digit (its check digit) should be 1: check it for a typing slip.",
  );
  expect(gtinCheckDigit("400638133393")).toBe(1);
  // Two neighbouring digits swapped: the weights differ, so the sum does.
  expect(isGtin("4006383133931")).toBe(false);
});

test("lengths other than a GTIN's, and anything but digits, are refused", () => {
  expect(gtinProblem("1234567")).toBe("A barcode has 8, 12, 13 or 14 digits.");
  expect(gtinProblem("40063813339310")).not.toBeNull();
  expect(gtinProblem("400638133393X")).toBe("A barcode is digits only.");
  expect(gtinProblem("")).toBe("A barcode is digits only.");
});
