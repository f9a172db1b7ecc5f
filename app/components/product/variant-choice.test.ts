import { expect, test } from "vitest";
import {
  colourChoices,
  initialVariant,
  quantityLimit,
  stockAfter,
  sizeChoices,
  stockMessage,
  variantLabel,
  withColour,
  withSize,
  type Variant,
} from "./variant-choice";

let nextId = 1;
function variant(size: string, colour: string, stock: number, price = 5999): Variant {
  const id = nextId++;
  return { id, sku: `G-${id}`, size, colour, colourHex: colour === "Red" ? "#f00" : "#000", stock, price, compareAtPrice: null };
}

//          8    9    10
//  Red     3    0    -     (no Red 10)
//  Black   0    7    12
//  White   0    0    0     (sold out)
const red8 = variant("8", "Red", 3);
const red9 = variant("9", "Red", 0);
const black8 = variant("8", "Black", 0);
const black9 = variant("9", "Black", 7);
const black10 = variant("10", "Black", 12);
const white = ["8", "9", "10"].map((size) => variant(size, "White", 0));
const variants = [red8, red9, black8, black9, black10, ...white];

test("the page opens on the variant the address names, else the first in stock, else the first", () => {
  expect(initialVariant(variants, String(black10.id))).toBe(black10);
  // A sold-out variant can be linked to: the page then says it is out of stock.
  expect(initialVariant(variants, String(red9.id))).toBe(red9);
  for (const requested of [null, undefined, "", "abc", "999999", "1e3", String(red8.id) + "x"]) {
    expect(initialVariant(variants, requested), String(requested)).toBe(red8);
  }
  expect(initialVariant([black8, ...white], null)).toBe(black8);
});

test("sizes follow the chosen colour: in stock, sold out, or not made", () => {
  expect(sizeChoices(variants, "Red")).toEqual([
    { size: "8", availability: "available" },
    { size: "9", availability: "sold-out" },
    { size: "10", availability: "missing" },
  ]);
  expect(sizeChoices(variants, "Black").map((s) => s.availability)).toEqual(["sold-out", "available", "available"]);
});

test("colours say whether they can be bought at all and whether in the chosen size", () => {
  expect(colourChoices(variants, "8")).toEqual([
    { name: "Red", hex: "#f00", buyable: true, inChosenSize: "available" },
    { name: "Black", hex: "#000", buyable: true, inChosenSize: "sold-out" },
    { name: "White", hex: "#000", buyable: false, inChosenSize: "sold-out" },
  ]);
  expect(colourChoices(variants, "10").map((c) => c.inChosenSize)).toEqual(["missing", "available", "sold-out"]);
});

test("a new colour keeps the size when it can, else moves to the colour's first size in stock", () => {
  expect(withColour(variants, black9, "Red")).toBe(red8); // Red 9 is sold out
  expect(withColour(variants, red8, "Black")).toBe(black9); // Black 8 is sold out
  expect(withColour(variants, black9, "Black")).toBe(black9);
  expect(withColour(variants, black10, "Red")).toBe(red8); // there is no Red 10
  // Nothing in stock: the same size, so the page can say it is sold out.
  expect(withColour(variants, black9, "White")).toBe(white[1]);
  expect(withColour(variants, black9, "Green")).toBe(black9);
});

test("a new size keeps the colour", () => {
  expect(withSize(variants, black9, "10")).toBe(black10);
  expect(withSize(variants, red8, "10")).toBe(red8);
});

test("the stock message and the quantity limit follow the variant's stock", () => {
  expect(stockMessage(0)).toEqual({ text: "Out of stock", level: "out" });
  expect(stockMessage(1)).toEqual({ text: "Only 1 left", level: "low" });
  expect(stockMessage(5)).toEqual({ text: "Only 5 left", level: "low" });
  expect(stockMessage(6)).toEqual({ text: "In stock", level: "in" });
  expect([0, 2, 9, 10, 40, 500].map(quantityLimit)).toEqual([0, 2, 9, 10, 10, 10]);
});

test("the select's lines name size and colour, the price when asked, and sold-out ones", () => {
  expect(variantLabel(red8)).toBe("8 · Red");
  expect(variantLabel(red8, "€59.99")).toBe("8 · Red · €59.99");
  expect(variantLabel(red9)).toBe("9 · Red (sold out)");
});

test("a live stock change: the count when few are left, none when sold out, 'more than a few' when plenty are", () => {
  expect(stockAfter(9, { available: true, left: 2 })).toBe(2);
  expect(stockAfter(2, { available: false, left: null })).toBe(0);
  // Back in stock with plenty: the page's own count if it was plenty too, else more than LOW_STOCK.
  expect(stockAfter(40, { available: true, left: null })).toBe(40);
  expect(stockAfter(0, { available: true, left: null })).toBe(6);
});
