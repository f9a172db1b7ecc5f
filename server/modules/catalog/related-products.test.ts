import { expect, test } from "vitest";
import { testCatalogue } from "../../../tests/support/listing-catalogue.ts";
import { relatedProducts } from "./related-products.ts";

// Product ids of the test catalogue (tests/support/listing-catalogue.ts).
const APEX = 1;
const COMET = 3;
const ECHO = 5;
const FLEET = 6;
const HUSK = 8;

const names = (productId: number, count: number) => relatedProducts(testCatalogue(), productId, count).map((card) => card.name);

test("the same sub-category comes first, then the category, in stock first, then in featured order", () => {
  // Apex's sub-category (gloves/match) has only Blaze besides it, sold out; the rest come from gloves.
  expect(names(APEX, 4)).toEqual(["Blaze", "Comet", "Drift", "Echo"]);
  // Comet's sub-category (gloves/training) gives Drift; then gloves in stock (Apex is featured), then sold out Blaze.
  expect(names(COMET, 4)).toEqual(["Drift", "Apex", "Echo", "Blaze"]);
});

test("a product without a sub-category draws from its category; the count is respected", () => {
  expect(names(ECHO, 4)).toEqual(["Apex", "Comet", "Drift", "Blaze"]);
  expect(names(ECHO, 2)).toEqual(["Apex", "Comet"]);
});

test("a sub-category slug shared by two categories does not mix them, and a small category gives fewer", () => {
  // Fleet is in apparel/match; gloves/match is another sub-category.
  expect(names(FLEET, 4)).toEqual(["Gale"]);
});

test("a product the listings do not show, or a count below one, gives none", () => {
  expect(names(HUSK, 4)).toEqual([]);
  expect(names(9999, 4)).toEqual([]);
  expect(names(APEX, 0)).toEqual([]);
});

test("answers are the read model's own cards, and repeat without recomputing", () => {
  const index = testCatalogue();
  const first = relatedProducts(index, APEX, 4);
  expect(first.every((card) => index.cards.includes(card))).toBe(true);
  expect(relatedProducts(index, APEX, 4)).toBe(first);
});
