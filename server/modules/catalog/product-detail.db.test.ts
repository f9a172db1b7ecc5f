import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, productImages, products, variants } from "../../db/schema/index.ts";
import { productDetail } from "./product-detail.ts";

let database: Database;
let gripId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [gloves] = await db
    .insert(categories)
    .values([{ slug: "gloves", name: "Gloves" }])
    .returning();
  const [match] = await db
    .insert(categories)
    .values([{ slug: "match", name: "Match gloves", parentId: gloves!.id }])
    .returning();
  const [zeta] = await db
    .insert(brands)
    .values([{ slug: "zeta", name: "Zeta", logoPath: "brands/zeta.webp" }])
    .returning();
  const base = { brandId: zeta!.id, categoryId: gloves!.id };
  const [grip, hidden, members, empty, plain] = await db
    .insert(products)
    .values([
      {
        ...base,
        slug: "grip",
        name: "Grip",
        description: "Sticks.",
        subCategoryId: match!.id,
        attributes: { cut: "Negative" },
        optionNames: { colour: "Colourway" },
      },
      { ...base, slug: "hidden", name: "Hidden", published: false },
      { ...base, slug: "members", name: "Members", membersOnly: true },
      { ...base, slug: "empty", name: "Empty" },
      { ...base, slug: "plain", name: "Plain" },
    ])
    .returning();
  gripId = grip!.id;
  const variant = { colour: "Red", colourHex: "#f00", stock: 0 };
  await db.insert(variants).values([
    { ...variant, productId: grip!.id, sku: "G-9", size: "9", price: 6999, position: 1 },
    { ...variant, productId: grip!.id, sku: "G-8", size: "8", price: 5999, compareAtPrice: 7999, position: 0, stock: 3 },
    { ...variant, productId: grip!.id, sku: "G-10", size: "10", price: 7999, position: 2 },
    { ...variant, productId: hidden!.id, sku: "H-1", size: "M", price: 100, stock: 1 },
    { ...variant, productId: members!.id, sku: "M-1", size: "M", price: 100, stock: 1 },
    { ...variant, productId: plain!.id, sku: "P-1", size: "M", price: 2500 },
  ]);
  await db.insert(productImages).values([
    { productId: grip!.id, path: "products/grip-2.webp", alt: "Back", width: 800, height: 600, position: 1 },
    { productId: grip!.id, path: "products/grip-1.webp", alt: "Palm", width: 800, height: 800, position: 0 },
  ]);
  void empty;
});

afterAll(() => database?.close());

test("a product comes with its brand, categories, attributes, ordered images and variants, and derived price and stock", async () => {
  const detail = await productDetail(database.db, "grip");
  expect(detail).toEqual({
    id: gripId,
    slug: "grip",
    name: "Grip",
    description: "Sticks.",
    brand: { slug: "zeta", name: "Zeta", logoPath: "brands/zeta.webp" },
    category: { slug: "gloves", name: "Gloves" },
    subCategory: { slug: "match", name: "Match gloves" },
    attributes: { cut: "Negative" },
    // Its own word for colours; sizes are called Size (ADR 74).
    optionNames: { size: "Size", colour: "Colourway" },
    images: [
      // Neither shows one colour only: both stay in the gallery whatever colour is chosen.
      { path: "products/grip-1.webp", alt: "Palm", width: 800, height: 800, colour: null },
      { path: "products/grip-2.webp", alt: "Back", width: 800, height: 600, colour: null },
    ],
    variants: [
      expect.objectContaining({
        sku: "G-8",
        size: "8",
        colour: "Red",
        colourHex: "#f00",
        stock: 3,
        price: 5999,
        compareAtPrice: 7999,
      }),
      expect.objectContaining({ sku: "G-9", stock: 0, price: 6999, compareAtPrice: null }),
      expect.objectContaining({ sku: "G-10", price: 7999 }),
    ],
    priceRange: { min: 5999, max: 7999 },
    inStock: true,
    published: true,
    membersOnly: false,
    publicAt: null,
    publishAt: null,
    seoTitle: "",
    seoDescription: "",
  });
  expect(detail!.variants.every((v) => Number.isInteger(v.id))).toBe(true);
});

test("a numeric key is the product's id", async () => {
  expect(await productDetail(database.db, String(gripId))).toEqual(await productDetail(database.db, "grip"));
});

test("a product without images or stock, and without a sub-category", async () => {
  const detail = await productDetail(database.db, "plain");
  expect(detail).toMatchObject({ images: [], subCategory: null, inStock: false, priceRange: { min: 2500, max: 2500 } });
});

test("unknown, unpublished, members-only and variant-less products are not shown", async () => {
  for (const key of ["nope", "hidden", "members", "empty", "0", "99999999", "99999999999999999999", ""]) {
    expect(await productDetail(database.db, key), key).toBeNull();
  }
});
