import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, productImages, products, variants } from "../../db/schema/index.ts";
import { createCatalog } from "./index.ts";

let database: Database;
let catalog: ReturnType<typeof createCatalog>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  catalog = createCatalog(db);
  const [gloves, apparel] = await db
    .insert(categories)
    .values([
      { slug: "gloves", name: "Gloves", position: 1 },
      { slug: "apparel", name: "Apparel", position: 0 },
    ])
    .returning();
  const [match, training] = await db
    .insert(categories)
    .values([
      { slug: "match", name: "Match gloves", parentId: gloves!.id, position: 0 },
      { slug: "training", name: "Training gloves", parentId: gloves!.id, position: 1 },
    ])
    .returning();
  const [zeta, alpha] = await db
    .insert(brands)
    .values([
      { slug: "zeta", name: "Zeta", logoPath: "brands/zeta.webp" },
      { slug: "alpha", name: "Alpha" },
    ])
    .returning();
  const [grip, hidden, membersOnly, plain, noVariants] = await db
    .insert(products)
    .values([
      { slug: "grip", name: "Grip", brandId: zeta!.id, categoryId: gloves!.id, subCategoryId: match!.id, featuredRank: 2 },
      { slug: "hidden", name: "Hidden", brandId: zeta!.id, categoryId: gloves!.id, published: false, featuredRank: 1 },
      { slug: "members", name: "Members", brandId: alpha!.id, categoryId: gloves!.id, membersOnly: true, featuredRank: 1 },
      { slug: "plain", name: "Plain", brandId: alpha!.id, categoryId: apparel!.id, featuredRank: 1, subCategoryId: training!.id },
      { slug: "empty", name: "Empty", brandId: alpha!.id, categoryId: apparel!.id, featuredRank: 3 },
    ])
    .returning();
  await db.insert(variants).values([
    {
      productId: grip!.id,
      sku: "G-8-R",
      size: "8",
      colour: "Red",
      colourHex: "#f00",
      stock: 0,
      price: 5999,
      compareAtPrice: 7999,
    },
    { productId: grip!.id, sku: "G-9-R", size: "9", colour: "Red", colourHex: "#f00", stock: 0, price: 6999 },
    { productId: grip!.id, sku: "G-9-B", size: "9", colour: "Black", colourHex: "#000", stock: 0, price: 6999 },
    { productId: plain!.id, sku: "P-M", size: "M", colour: "Mint", colourHex: "#3dd6a3", stock: 4, price: 2999 },
    { productId: hidden!.id, sku: "H-M", size: "M", colour: "Mint", colourHex: "#3dd6a3", stock: 4, price: 100 },
    { productId: membersOnly!.id, sku: "M-M", size: "M", colour: "Mint", colourHex: "#3dd6a3", stock: 4, price: 100 },
  ]);
  await db.insert(productImages).values([
    { productId: grip!.id, path: "products/grip-2.webp", alt: "Grip, back", width: 800, height: 800, position: 1 },
    { productId: grip!.id, path: "products/grip-1.webp", alt: "Grip, palm", width: 800, height: 800, position: 0 },
  ]);
  void noVariants;
});

afterAll(() => database?.close());

test("the menu lists categories in the owner's order, each with its sub-categories", async () => {
  expect(await catalog.categoryMenu()).toEqual([
    { slug: "apparel", name: "Apparel", imagePath: null, subCategories: [] },
    {
      slug: "gloves",
      name: "Gloves",
      imagePath: null,
      subCategories: [
        { slug: "match", name: "Match gloves" },
        { slug: "training", name: "Training gloves" },
      ],
    },
  ]);
});

test("featured products come in rank order and leave out unpublished, members-only and unbuyable ones", async () => {
  const featured = await catalog.featuredProducts();
  expect(featured.map((p) => p.slug)).toEqual(["plain", "grip"]);
});

test("a product card carries the lowest price, its sale price, stock, colours and first two images", async () => {
  const [plain, grip] = await catalog.featuredProducts();
  expect(grip).toEqual({
    id: expect.any(Number),
    slug: "grip",
    name: "Grip",
    brand: { slug: "zeta", name: "Zeta" },
    categorySlug: "gloves",
    price: 5999,
    compareAtPrice: 7999,
    memberPrice: null,
    inStock: false,
    colours: [
      { name: "Black", hex: "#000" },
      { name: "Red", hex: "#f00" },
    ],
    image: { path: "products/grip-1.webp", alt: "Grip, palm", width: 800, height: 800 },
    // The second picture, shown on hover.
    hoverImage: { path: "products/grip-2.webp", alt: "Grip, back", width: 800, height: 800 },
  });
  expect(plain).toMatchObject({ price: 2999, compareAtPrice: null, inStock: true, image: null, hoverImage: null });
});

test("brands come by name", async () => {
  expect(await catalog.brands()).toEqual([
    { slug: "alpha", name: "Alpha", logoPath: null },
    { slug: "zeta", name: "Zeta", logoPath: "brands/zeta.webp" },
  ]);
});
