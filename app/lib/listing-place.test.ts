import { expect, test } from "vitest";
import { describePlace, scopeFromPath } from "./listing-place.ts";

const categories = [
  {
    slug: "gloves",
    name: "Gloves",
    description: "Goalkeeper gloves for every surface.",
    subCategories: [{ slug: "match", name: "Match gloves", description: "Top-grade latex." }],
  },
];
const brands = [{ slug: "palmstrike", name: "Palmstrike", logoPath: null, story: "Founded by keepers." }];

test("the address gives the scope, /sale included", () => {
  expect(scopeFromPath({ category: "gloves" }, "/shop/gloves/sale")).toEqual({
    category: "gloves",
    sub: undefined,
    brand: undefined,
    saleOnly: true,
  });
  expect(scopeFromPath({ category: "gloves", sub: "match" }, "/shop/gloves/sub/match")).toMatchObject({
    sub: "match",
    saleOnly: false,
  });
  expect(scopeFromPath({ category: "gloves", sub: "match" }, "/shop/gloves/sub/match/sale")).toMatchObject({ saleOnly: true });
  expect(scopeFromPath({ category: "gloves" }, "/shop/gloves/sub/sale")).toMatchObject({ saleOnly: true });
  // "sale" as a slug is not the sale page.
  expect(scopeFromPath({ brand: "sale" }, "/brands/sale")).toMatchObject({ saleOnly: false });
  expect(scopeFromPath({ category: "gloves", brand: "sale" }, "/shop/gloves/brand/sale")).toMatchObject({ saleOnly: false });
  expect(scopeFromPath({ category: "sale" }, "/shop/sale")).toMatchObject({ saleOnly: false });
});

test("a listing is named after its category, sub-category, brand and sale", () => {
  expect(describePlace({ category: "gloves", sub: "match", saleOnly: true }, categories, brands)).toEqual({
    title: "Match gloves on sale",
    description: "Reduced: top-grade latex.",
    path: "/shop/gloves/sub/match/sale",
    trail: [
      { label: "Home", to: "/" },
      { label: "Shop", to: "/shop" },
      { label: "Gloves", to: "/shop/gloves" },
      { label: "Match gloves", to: "/shop/gloves/sub/match" },
      { label: "Sale" },
    ],
    category: { slug: "gloves", name: "Gloves" },
  });
  expect(describePlace({ category: "gloves", brand: "palmstrike" }, categories, brands)).toMatchObject({
    title: "Palmstrike gloves",
    path: "/shop/gloves/brand/palmstrike",
  });
  expect(describePlace({}, categories, brands)).toMatchObject({ title: "Shop", path: "/shop" });
  expect(describePlace({ brand: "palmstrike" }, categories, brands)).toMatchObject({
    title: "Palmstrike",
    description: "Founded by keepers.",
    path: "/brands/palmstrike",
    trail: [{ label: "Home", to: "/" }, { label: "Palmstrike" }],
  });
});

test("an unknown category, sub-category or brand has no place", () => {
  expect(describePlace({ category: "boots" }, categories, brands)).toBeNull();
  expect(describePlace({ category: "gloves", sub: "jerseys" }, categories, brands)).toBeNull();
  expect(describePlace({ category: "gloves", brand: "nobody" }, categories, brands)).toBeNull();
});
