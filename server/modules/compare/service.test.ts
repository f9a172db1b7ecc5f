import { describe, expect, test } from "vitest";
import { createCompare } from "./service.ts";
import { testLookup, testProduct } from "../../../tests/support/compare-fixtures.ts";

/* The compare page's two calls: showing a comparison, and applying a compare form. */

const shop = [1, 2, 3, 4, 5, 6].map((id) => testProduct(id));

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("showing", () => {
  test("the visitor's list, dropping products the shop no longer shows and saying which list to keep", async () => {
    const page = await createCompare(testLookup(shop)).show([2, 99, 3], {});
    expect(page).toMatchObject({
      view: "own",
      requested: 3,
      ownCount: 3,
      productIds: [2, 3],
      keptList: [2, 3],
      isOwnList: false,
    });
    expect(page.comparison.products.map((p) => p.name)).toEqual(["Product 2", "Product 3"]);
    expect(page.sharePath).toBe("/compare-products?products=product-2,product-3");
  });

  test("a shared comparison by its address, leaving the visitor's list alone", async () => {
    const page = await createCompare(testLookup(shop)).show([2, 3], { products: "product-3,product-2", diff: "1" });
    expect(page).toMatchObject({ view: "shared", differencesOnly: true, productIds: [3, 2], keptList: null, isOwnList: true });
  });
});

describe("a compare form", () => {
  test("adds, removes, clears and keeps a shared comparison, with what to tell the shopper", async () => {
    const compare = createCompare(testLookup(shop));
    expect(await compare.change([1], form({ intent: "add", productId: "4" }))).toMatchObject({
      list: [1, 4],
      changed: true,
      notice: { kind: "added", product: "Product 4" },
      status: 200,
    });
    expect(await compare.change([1, 4], form({ remove: "1" }))).toMatchObject({ list: [4], notice: { kind: "removed" } });
    expect(await compare.change([1, 4], form({ intent: "clear" }))).toMatchObject({ list: [], notice: { kind: "cleared" } });
    expect(await compare.change([], form({ intent: "keep", products: "5.99.6" }))).toMatchObject({
      list: [5, 6],
      notice: { kind: "kept" },
    });
  });

  test("refusals are notices with a status, and leave the list as it was", async () => {
    const compare = createCompare(testLookup(shop));
    expect(await compare.change([1, 2, 3, 4], form({ intent: "add", productId: "5" }))).toMatchObject({
      list: [1, 2, 3, 4],
      changed: false,
      notice: { kind: "full" },
      status: 409,
    });
    expect(await compare.change([1], form({ intent: "add", productId: "99" }))).toMatchObject({
      changed: false,
      notice: { kind: "unavailable" },
      status: 404,
    });
    expect(await compare.change([1], form({ intent: "fly" }))).toMatchObject({
      input: null,
      list: [1],
      notice: { kind: "invalid" },
      status: 400,
    });
  });
});
