import { expect, test } from "vitest";
import { nestedFields } from "./nested-fields";

test("dotted names become objects, numbered levels lists in their order", () => {
  expect(
    nestedFields({
      version: "7",
      "product.name": "Grip",
      "product.attributes.cut.2": "Roll",
      "product.attributes.cut.0": "Flat",
      "variants.1.sku": "B",
      "variants.0.sku": "A",
      "variants.10.sku": "K",
    }),
  ).toEqual({
    version: "7",
    product: { name: "Grip", attributes: { cut: ["Flat", "Roll"] } },
    variants: [{ sku: "A" }, { sku: "B" }, { sku: "K" }],
  });
});

test("only the prefixes asked for; names that would reach a prototype are dropped", () => {
  const nested = nestedFields(
    { "product.name": "Grip", intent: "save", "__proto__.polluted": "yes", "product.constructor.x": "1" },
    ["product"],
  );
  expect(nested).toEqual({ product: { name: "Grip" } });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("a name that is both a value and a level keeps the first", () => {
  expect(nestedFields({ a: "1", "a.b": "2" })).toEqual({ a: "1" });
});
