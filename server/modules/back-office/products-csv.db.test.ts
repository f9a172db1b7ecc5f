import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { brands, categories, productImages, products, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createBackOffice, type BackOffice } from "./index.ts";
import { PRODUCTS_CSV_COLUMNS, productsCsv } from "./products-csv.ts";

/* The products CSV (issue 25 §3): what a spreadsheet user opens, read back with a CSV parser. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;

async function download(raw: Record<string, string> = {}): Promise<{ text: string; rows: Record<string, string>[] }> {
  let text = "";
  for await (const chunk of office.productsCsv(scope, raw)) text += chunk;
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  return { text, rows };
}

beforeAll(async () => {
  shop = await seededShop(60);
  scope = systemScope(shop.database.db);
  office = createBackOffice({ currency: "EUR", cardPayments: false, publicUrl: "https://shop.example" });
});
afterAll(() => shop?.close());

test("one row per option with its product's fields, money as plain decimals, image addresses absolute", async () => {
  const { db } = shop.database;
  const { text, rows } = await download();
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(Object.keys(rows[0]!)).toEqual([...PRODUCTS_CSV_COLUMNS]);
  const options = await db.select().from(variants).orderBy(asc(variants.productId), asc(variants.position), asc(variants.id));
  expect(rows.map((row) => row.SKU)).toEqual(options.map((option) => option.sku));

  const option = options.find((v) => v.compareAtPrice !== null) ?? options[0]!;
  const [product] = await db.select().from(products).where(eq(products.id, option.productId));
  const [brand] = await db.select().from(brands).where(eq(brands.id, product!.brandId));
  const [category] = await db.select().from(categories).where(eq(categories.id, product!.categoryId));
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, product!.id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const row = rows.find((r) => r.SKU === option.sku)!;
  expect(row).toMatchObject({
    Handle: product!.slug,
    Title: product!.name,
    Brand: brand!.name,
    Category: category!.name,
    Status: product!.published ? "published" : "draft",
    Size: option.size,
    Colour: option.colour,
    Price: (option.price / 100).toFixed(2),
    "Was price": option.compareAtPrice === null ? "" : (option.compareAtPrice / 100).toFixed(2),
    Stock: String(option.stock),
  });
  const addresses = row["Image addresses"]!.split(" ").filter(Boolean);
  expect(addresses).toHaveLength(images.length);
  for (const address of addresses) expect(address).toMatch(/^https:\/\/shop\.example\/media\//);
});

test("the list's filters choose the products; archived options and other statuses say what they are", async () => {
  const { db } = shop.database;
  const [first, second, third] = await db.select().from(products).orderBy(asc(products.id)).limit(3);
  await db.update(products).set({ published: false, archivedAt: new Date() }).where(eq(products.id, first!.id));
  await db
    .update(products)
    .set({ publishAt: new Date("2099-05-01T08:00:00Z") })
    .where(eq(products.id, second!.id));
  await db.update(products).set({ published: false }).where(eq(products.id, third!.id));
  const [gone] = await db.select().from(variants).where(eq(variants.productId, second!.id)).limit(1);
  await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, gone!.id));

  const { rows } = await download();
  const statusOf = (id: number, slug: string) => rows.find((row) => row.Handle === slug)?.Status ?? `none for ${id}`;
  expect(statusOf(first!.id, first!.slug)).toBe("archived");
  expect(statusOf(second!.id, second!.slug)).toBe("scheduled");
  expect(rows.find((row) => row.Handle === second!.slug)!["Publish at (UTC)"]).toBe("2099-05-01 08:00");
  expect(statusOf(third!.id, third!.slug)).toBe("draft");
  expect(rows.some((row) => row.SKU === gone!.sku)).toBe(false);

  const [brand] = await db.select().from(brands).where(eq(brands.id, first!.brandId));
  const branded = await download({ brand: String(brand!.id) });
  const slugs = new Set((await db.select().from(products).where(eq(products.brandId, brand!.id))).map((p) => p.slug));
  expect(branded.rows.length).toBeGreaterThan(0);
  for (const row of branded.rows) expect(slugs.has(row.Handle!)).toBe(true);
  expect(new Set(branded.rows.map((row) => row.Handle))).toEqual(slugs);
});

test("a cell a spreadsheet would run as a formula comes out as text", async () => {
  const { db } = shop.database;
  const [product] = await db.select().from(products).orderBy(asc(products.id)).limit(1);
  await db.update(products).set({ name: '=HYPERLINK("http://evil.example","click")' }).where(eq(products.id, product!.id));
  const { rows } = await download();
  expect(rows.find((row) => row.Handle === product!.slug)!.Title).toBe(`'=HYPERLINK("http://evil.example","click")`);
});

test("read in batches of products, every option is there once, in order", async () => {
  // Batches of 7 products: 60 products end in a part batch, each product's options never split.
  let text = "";
  for await (const chunk of productsCsv(scope, {}, { currency: "EUR", lowStockAt: async () => 5 }, new Date(), 7)) text += chunk;
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toEqual(
    (await download()).rows.map((row) => ({
      ...row,
      "Image addresses": row["Image addresses"]!.replaceAll("https://shop.example", ""),
    })),
  );
  const count = (await shop.database.db.select({ id: variants.id }).from(variants)).length;
  // Archived options are left out (one, above).
  expect(rows).toHaveLength(count - 1);
  expect(new Set(rows.map((row) => row.SKU)).size).toBe(rows.length);
});

test("a bad filter is refused before the first line", () => {
  expect(() => office.productsCsv(scope, { stock: "plenty" })).toThrow(/stock level/);
});
