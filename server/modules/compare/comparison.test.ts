import { describe, expect, test } from "vitest";
import { attributeLabel, buildComparison, differingRows } from "./comparison.ts";
import { testProduct, testVariant } from "../../../tests/support/compare-fixtures.ts";

const rowOf = (comparison: ReturnType<typeof buildComparison>, key: string) => comparison.rows.find((r) => r.key === key);

describe("the comparison table", () => {
  test("has a column per product, in order, linking to its product page", () => {
    const comparison = buildComparison([testProduct(2), testProduct(1, { category: { slug: "apparel", name: "Apparel" } })]);
    expect(comparison.products.map((p) => [p.id, p.path, p.image?.path])).toEqual([
      [2, "/shop/gloves/product-2", "products/2.webp"],
      [1, "/shop/apparel/product-1", "products/1.webp"],
    ]);
  });

  test("has brand, type, price, sizes, colours, every attribute any product has, then availability", () => {
    const a = testProduct(1, { attributes: { grip: "Wet", cut: "Negative" } });
    const b = testProduct(2, { attributes: { cut: "Hybrid", palm_latex: "4 mm" } });
    const comparison = buildComparison([a, b]);
    expect(comparison.rows.map((r) => r.label)).toEqual([
      "Brand",
      "Type",
      "Price",
      "Sizes",
      "Colours",
      "Cut",
      "Grip",
      "Palm latex",
      "Availability",
    ]);
    // A product without the attribute shows a dash (null).
    expect(rowOf(comparison, "attr.grip")!.cells).toEqual([
      { kind: "text", text: "Wet" },
      { kind: "text", text: null },
    ]);
  });

  test("shows the lowest price with that option's price before the sale, and 'from' when others cost more", () => {
    const sale = testProduct(1, {
      variants: [testVariant(1, { size: "9", price: 7000 }), testVariant(1, { size: "8", price: 6000, compareAtPrice: 8000 })],
    });
    const single = testProduct(2, { variants: [testVariant(2, { price: 4500, compareAtPrice: 4500 })] });
    expect(rowOf(buildComparison([sale, single]), "price")!.cells).toEqual([
      { kind: "price", price: 6000, compareAtPrice: 8000, memberPrice: null, from: true },
      { kind: "price", price: 4500, compareAtPrice: null, memberPrice: null, from: false },
    ]);
  });

  test("lists sizes in size order, once, marking those sold out in every colour", () => {
    const product = testProduct(1, {
      variants: [
        testVariant(1, { size: "10", stock: 0 }),
        testVariant(1, { size: "8", stock: 0, colour: "Black" }),
        testVariant(1, { size: "8", stock: 2, colour: "White", colourHex: "#fff" }),
        testVariant(1, { size: "9", stock: 1, colour: "Black" }),
      ],
    });
    const comparison = buildComparison([product]);
    expect(rowOf(comparison, "sizes")!.cells[0]).toEqual({
      kind: "sizes",
      sizes: [
        { size: "8", inStock: true },
        { size: "9", inStock: true },
        { size: "10", inStock: false },
      ],
    });
    expect(rowOf(comparison, "colours")!.cells[0]).toEqual({
      kind: "colours",
      colours: [
        { name: "Black", hex: "#000000" },
        { name: "White", hex: "#fff" },
      ],
    });
  });

  test("says whether a product can be bought", () => {
    const soldOut = testProduct(2, { variants: [testVariant(2, { stock: 0 })], inStock: false });
    expect(rowOf(buildComparison([testProduct(1), soldOut]), "stock")!.cells).toEqual([
      { kind: "text", text: "In stock" },
      { kind: "text", text: "Out of stock" },
    ]);
  });
});

describe("differences only", () => {
  test("keeps the rows where the products differ and hides those where they all agree", () => {
    const a = testProduct(1, { attributes: { cut: "Negative", grip: "Wet" } });
    const b = testProduct(2, {
      attributes: { cut: "Negative", grip: "Dry" },
      variants: [testVariant(2, { size: "8" }), testVariant(2, { size: "9", price: 6500 })],
    });
    const comparison = buildComparison([a, b]);
    expect(differingRows(comparison).map((r) => r.key)).toEqual(["price", "attr.grip"]);
    expect(rowOf(comparison, "attr.cut")!.differs).toBe(false);
  });

  test("an attribute one product lacks is a difference", () => {
    const comparison = buildComparison([testProduct(1, { attributes: { cut: "Negative" } }), testProduct(2)]);
    expect(rowOf(comparison, "attr.cut")!.differs).toBe(true);
  });

  test("colours in another order are not a difference", () => {
    const red = { colour: "Red", colourHex: "#f00" };
    const blue = { colour: "Blue", colourHex: "#00f" };
    const a = testProduct(1, { variants: [testVariant(1, red), testVariant(1, blue)] });
    const b = testProduct(2, { variants: [testVariant(2, blue), testVariant(2, red)] });
    expect(rowOf(buildComparison([a, b]), "colours")!.differs).toBe(false);
  });

  test("one product differs from nothing", () => {
    expect(differingRows(buildComparison([testProduct(1, { attributes: { cut: "Negative" } })]))).toEqual([]);
  });
});

test("attribute names become labels", () => {
  expect(attributeLabel("grip")).toBe("Grip");
  expect(attributeLabel("palm_latex")).toBe("Palm latex");
  expect(attributeLabel("back-hand")).toBe("Back hand");
});
