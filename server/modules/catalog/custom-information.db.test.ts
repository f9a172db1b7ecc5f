import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, customInformation, products, variants } from "../../db/schema/index.ts";
import { paragraphsOf } from "./custom-information.ts";
import { createCatalog, type Catalog } from "./index.ts";

let database: Database;
let catalog: Catalog;
const ids = { grip: 0, plain: 0, shirt: 0, hidden: 0, gloves: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [gloves, apparel] = await db
    .insert(categories)
    .values([
      { slug: "gloves", name: "Gloves" },
      { slug: "apparel", name: "Apparel" },
    ])
    .returning();
  // Both categories have a sub-category called "match".
  const [gloveMatch, shirtMatch] = await db
    .insert(categories)
    .values([
      { slug: "match", name: "Match gloves", parentId: gloves!.id },
      { slug: "match", name: "Match shirts", parentId: apparel!.id },
    ])
    .returning();
  const [zeta] = await db.insert(brands).values({ slug: "zeta", name: "Zeta" }).returning();
  const [grip, plain, shirt, hidden] = await db
    .insert(products)
    .values([
      { slug: "grip", name: "Grip", brandId: zeta!.id, categoryId: gloves!.id, subCategoryId: gloveMatch!.id },
      { slug: "plain", name: "Plain", brandId: zeta!.id, categoryId: gloves!.id },
      { slug: "shirt", name: "Shirt", brandId: zeta!.id, categoryId: apparel!.id, subCategoryId: shirtMatch!.id },
      { slug: "hidden", name: "Hidden", brandId: zeta!.id, categoryId: gloves!.id, published: false },
    ])
    .returning();
  const variant = { size: "8", colour: "Red", colourHex: "#f00", stock: 1, price: 1000 };
  await db
    .insert(variants)
    .values([grip!, plain!, shirt!, hidden!].map((p) => ({ ...variant, productId: p.id, sku: `${p.slug}-8` })));
  Object.assign(ids, { grip: grip!.id, plain: plain!.id, shirt: shirt!.id, hidden: hidden!.id, gloves: gloves!.id });
  await db.insert(customInformation).values([
    { kind: "delivery", title: "Delivery", body: "Two days.\n\nFree returns.", position: 5 },
    { kind: "size-guide", title: "Glove sizes", body: "Measure your hand.", categoryId: gloves!.id, position: 1 },
    { kind: "care", title: "Match glove care", body: "Rinse.", categoryId: gloveMatch!.id, position: 2 },
    { kind: "size-guide", title: "Shirt sizes", body: "Measure your chest.", categoryId: shirtMatch!.id, position: 3 },
    { kind: "note", title: "About Grip", body: "Made for rain.", productId: grip!.id, position: 0 },
    { kind: "note", title: "About Plain", body: "No frills.", productId: plain!.id, position: 4 },
    { kind: "note", title: "About Hidden", body: "Unseen.", productId: hidden!.id, position: 4 },
    { kind: "care", title: "Draft", body: "Not yet.", categoryId: gloves!.id, position: 0, published: false },
  ]);
  catalog = createCatalog(db);
});

afterAll(() => database?.close());

const titles = (blocks: { title: string }[]) => blocks.map((b) => b.title);

async function productOf(slug: string) {
  const product = await catalog.productDetail(slug);
  if (!product) throw new Error(`no product ${slug}`);
  return product;
}

test("a product shows the site-wide blocks, its category's, its sub-category's and its own, in position order", async () => {
  const info = catalog.customInformation;
  expect(titles(await info.informationFor(await productOf("grip")))).toEqual([
    "About Grip",
    "Glove sizes",
    "Match glove care",
    "Delivery",
  ]);
  expect(titles(await info.informationFor(await productOf("plain")))).toEqual(["Glove sizes", "About Plain", "Delivery"]);
  // apparel/match is not gloves/match, though the slugs are the same.
  expect(titles(await info.informationFor(await productOf("shirt")))).toEqual(["Shirt sizes", "Delivery"]);
});

test("a block carries its plain text, its paragraphs and what it applies to", async () => {
  const all = await catalog.customInformation.list();
  const delivery = all.find((b) => b.kind === "delivery")!;
  expect(delivery).toEqual({
    id: expect.any(Number),
    kind: "delivery",
    title: "Delivery",
    body: "Two days.\n\nFree returns.",
    paragraphs: ["Two days.", "Free returns."],
    position: 5,
    appliesTo: { scope: "all" },
  });
  expect(all.find((b) => b.title === "Glove sizes")!.appliesTo).toEqual({
    scope: "category",
    category: "gloves",
    subCategory: null,
  });
  expect(all.find((b) => b.title === "Shirt sizes")!.appliesTo).toEqual({
    scope: "category",
    category: "apparel",
    subCategory: "match",
  });
  expect(all.find((b) => b.title === "About Grip")!.appliesTo).toEqual({ scope: "product", productId: ids.grip });
  expect(await catalog.customInformation.byId(delivery.id)).toEqual(delivery);
  expect(await catalog.customInformation.byId(999_999)).toBeNull();
});

test("paragraphs are cut at blank lines, whatever the line endings; text is never interpreted", () => {
  expect(paragraphsOf("One\n\nTwo\r\n  \r\nThree\n\n\n")).toEqual(["One", "Two", "Three"]);
  expect(paragraphsOf("Line one\nline two")).toEqual(["Line one\nline two"]);
  expect(paragraphsOf("<b>bold</b> & co")).toEqual(["<b>bold</b> & co"]);
  expect(paragraphsOf("  \n\n ")).toEqual([]);
});

test("list() filters by product (slug or id), by category and by kind; unpublished blocks, and those of hidden products, never show", async () => {
  const info = catalog.customInformation;
  expect(titles(await info.list())).toEqual([
    "About Grip",
    "Glove sizes",
    "Match glove care",
    "Shirt sizes",
    "About Plain",
    "Delivery",
  ]);
  expect(await info.list({ product: "grip" })).toEqual(await info.informationFor(await productOf("grip")));
  expect(await info.list({ product: String(ids.grip) })).toEqual(await info.list({ product: "grip" }));
  expect(titles(await info.list({ category: "gloves" }))).toEqual(["Glove sizes", "Match glove care"]);
  expect(titles(await info.list({ kind: "care" }))).toEqual(["Match glove care"]);
  expect(titles(await info.list({ category: "apparel", kind: "size-guide" }))).toEqual(["Shirt sizes"]);
  expect(titles(await info.list({ product: "plain", kind: "note" }))).toEqual(["About Plain"]);
  expect(await info.list({ kind: "no-such-kind" })).toEqual([]);
});

test("list() refuses a product the shop does not show and a category it does not have", async () => {
  const info = catalog.customInformation;
  for (const [filter, param] of [
    [{ product: "no-such-product" }, "product"],
    [{ product: "hidden" }, "product"],
    [{ product: "999999" }, "product"],
    [{ category: "no-such-category" }, "category"],
    // A sub-category is not a category of its own.
    [{ category: "match" }, "category"],
  ] as const) {
    const failure = await info.list(filter).catch((error: unknown) => error);
    expect(failure, JSON.stringify(filter)).toMatchObject({ code: "UNKNOWN_INFORMATION_TARGET", details: { param } });
  }
});

test("blocks are read once and kept; invalidate() shows the owner's changes", async () => {
  const fresh = createCatalog(database.db);
  const before = await fresh.customInformation.list();
  await database.db.insert(customInformation).values({ kind: "care", title: "Washing", body: "At 30°.", categoryId: ids.gloves });
  expect(await fresh.customInformation.list()).toEqual(before);
  fresh.invalidate();
  expect(titles(await fresh.customInformation.list({ kind: "care" }))).toEqual(["Washing", "Match glove care"]);
  await database.db.delete(customInformation).where(eq(customInformation.title, "Washing"));
});
