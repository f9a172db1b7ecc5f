import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, products, variants } from "../../db/schema/index.ts";
import { productDetail } from "../catalog/product-detail.ts";
import { addToCompare, buildComparison, comparedProducts, type ProductLookup } from "./index.ts";

// The compare rules over the catalogue's real product lookup: what the shop hides cannot be compared.
let database: Database;
let lookup: ProductLookup;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [gloves] = await db.insert(categories).values({ slug: "gloves", name: "Gloves" }).returning();
  const [zeta] = await db.insert(brands).values({ slug: "zeta", name: "Zeta" }).returning();
  const base = { brandId: zeta!.id, categoryId: gloves!.id };
  const rows = await db
    .insert(products)
    .values([
      { ...base, slug: "grip", name: "Grip", attributes: { cut: "Negative", grip: "Wet" } },
      { ...base, slug: "roll", name: "Roll", attributes: { cut: "Roll finger" } },
      { ...base, slug: "hidden", name: "Hidden", published: false },
      { ...base, slug: "members", name: "Members", membersOnly: true },
    ])
    .returning();
  for (const row of rows) ids[row.slug] = row.id;
  await db.insert(variants).values(
    rows.map((row, i) => ({
      productId: row.id,
      sku: `S-${i}`,
      size: "8",
      colour: "Black",
      colourHex: "#000",
      stock: 1,
      price: 5000 + i * 1000,
    })),
  );
  lookup = (slugOrId) => productDetail(db, slugOrId);
});

afterAll(() => database?.close());

test("a comparison shows the products the shop shows, by id or slug, and drops unpublished and members-only ones", async () => {
  const found = await comparedProducts(lookup, [ids.grip!, ids.hidden!, "members", "roll"]);
  expect(found.map((p) => p.slug)).toEqual(["grip", "roll"]);
  const comparison = buildComparison(found);
  expect(comparison.rows.filter((r) => r.differs).map((r) => r.key)).toEqual(["price", "attr.cut", "attr.grip"]);
});

test("a hidden product cannot be added", async () => {
  await expect(addToCompare(lookup, [], ids.hidden!)).rejects.toMatchObject({ code: "PRODUCT_NOT_FOUND" });
  await expect(addToCompare(lookup, [], 2_000_000_000)).rejects.toMatchObject({ code: "PRODUCT_NOT_FOUND" });
  expect((await addToCompare(lookup, [ids.grip!], ids.roll!)).list).toEqual([ids.grip, ids.roll]);
});
