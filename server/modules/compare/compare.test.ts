import { describe, expect, test } from "vitest";
import { addToCompare, comparedProducts, keepAsList, removeFromCompare } from "./index.ts";
import { testLookup, testProduct } from "../../../tests/support/compare-fixtures.ts";

const shop = [1, 2, 3, 4, 5, 6].map((id) => testProduct(id));

describe("the products of a comparison", () => {
  test("come in the list's order, by id or slug, without those the shop no longer shows or repeats", async () => {
    const lookup = testLookup(shop);
    const products = await comparedProducts(lookup, [3, "product-1", 99, "gone", "3"]);
    expect(products.map((p) => p.id)).toEqual([3, 1]);
  });

  test("never cost more than four lookups", async () => {
    const lookup = testLookup(shop);
    await comparedProducts(lookup, [1, 2, 3, 4, 5, 6]);
    expect(lookup.calls).toHaveLength(4);
  });
});

describe("adding", () => {
  test("puts a product the shop shows on the list", async () => {
    const { list, product } = await addToCompare(testLookup(shop), [2], 5);
    expect(list).toEqual([2, 5]);
    expect(product.name).toBe("Product 5");
  });

  test("refuses a product the shop does not show", async () => {
    await expect(addToCompare(testLookup(shop), [2], 99)).rejects.toMatchObject({ code: "PRODUCT_NOT_FOUND" });
  });

  test("refuses a fifth product with the message shoppers see", async () => {
    const adding = addToCompare(testLookup(shop), [1, 2, 3, 4], 5);
    await expect(adding).rejects.toMatchObject({ code: "COMPARE_FULL" });
    await expect(adding).rejects.toThrow("You can compare up to 4 products. Remove one to add another.");
  });

  test("lets products that left the shop make room on a full list", async () => {
    const lookup = testLookup(shop.filter((p) => p.id !== 3));
    const { list } = await addToCompare(lookup, [1, 2, 3, 4], 5);
    expect(list).toEqual([1, 2, 4, 5]);
  });

  test("a product already on a full list is no fifth", async () => {
    expect((await addToCompare(testLookup(shop), [1, 2, 3, 4], 3)).list).toEqual([1, 2, 3, 4]);
  });
});

test("removing takes the product off and names it when the shop still shows it", async () => {
  expect(await removeFromCompare(testLookup(shop), [1, 2, 3], 2)).toMatchObject({ list: [1, 3], product: { name: "Product 2" } });
  expect(await removeFromCompare(testLookup(shop), [1, 99], 99)).toEqual({ list: [1], product: null });
});

test("keeping a shared comparison makes its available products the list", async () => {
  expect(await keepAsList(testLookup(shop), [4, 99, 2])).toEqual([4, 2]);
});
