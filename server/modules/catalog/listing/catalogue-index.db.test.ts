import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import { queryRows, type Database } from "../../../db/client.ts";
import { seedDemoShop } from "../../../db/seed/index.ts";
import { productCards } from "../product-cards.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { loadCatalogueIndex } from "./catalogue-snapshot.ts";
import { createListing } from "./index.ts";
import { queryListing } from "./listing.ts";
import { request } from "../../../../tests/support/listing-catalogue.ts";

// What the storefront may list: published, not members-only, with at least one variant.
const SELLABLE = sql`p.published and not p.members_only and exists (select 1 from variants v where v.product_id = p.id)`;

describe("loadCatalogueIndex on the demo shop", () => {
  let database: Database;
  let mediaDir: string;
  let index: CatalogueIndex;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), "listing-media-"));
    await seedDemoShop(database.db, { products: 320, mediaDir });
    // Hide a few products, so the index must leave them out.
    await database.db.execute(sql`update products set published = false where id % 17 = 0`);
    await database.db.execute(sql`update products set members_only = true where id % 19 = 0`);
    await database.db.execute(sql`delete from variants where product_id in (select id from products where id % 23 = 0)`);
    index = await loadCatalogueIndex(database.db);
  });

  afterAll(async () => {
    await database?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  async function sqlIds(where: ReturnType<typeof sql>): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`select p.id from products p where ${SELLABLE} and ${where} order by p.id`,
    );
    return rows.map((r) => r.id);
  }

  const ids = (result: ReturnType<typeof queryListing>) => result.products.map((p) => p.id).sort((a, b) => a - b);

  it("holds exactly the sellable products", async () => {
    const expected = await sqlIds(sql`true`);
    expect(expected.length).toBeGreaterThan(250);
    expect(expected.length).toBeLessThan(320);
    expect(index.cards.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected);
  });

  it("builds the same cards as the SQL product cards", async () => {
    const fromSql = await productCards(database.db, { orderBy: sql`p.id`, limit: 1000 });
    const byId = new Map(index.cards.map((c) => [c.id, c]));
    expect(fromSql.map((c) => byId.get(c.id))).toEqual(fromSql);
  });

  it("lists a category's products, as SQL counts them", async () => {
    const [category] = await queryRows<{ id: number; slug: string }>(
      database.db,
      sql`select id, slug from categories where parent_id is null order by position limit 1`,
    );
    const result = queryListing(index, request({ category: category!.slug }, {}, { pageSize: 1000 }));
    const expected = await sqlIds(sql`p.category_id = ${category!.id}`);
    expect(result.total).toBe(expected.length);
    expect(ids(result)).toEqual(expected);
  });

  it("filters gloves by size, brand, price and stock as SQL does", async () => {
    const [brand] = await queryRows<{ slug: string }>(
      database.db,
      sql`select b.slug from brands b join products p on p.brand_id = b.id join categories c on c.id = p.category_id
          where c.slug = 'gloves' group by b.slug order by count(*) desc limit 1`,
    );
    const filters = { sizes: ["8", "9"], brands: [brand!.slug], priceMax: 10000, inStock: true };
    const result = queryListing(index, request({ category: "gloves" }, filters, { pageSize: 1000 }));
    const expected = await sqlIds(sql`
      p.category_id = (select id from categories where slug = 'gloves' and parent_id is null)
      and p.brand_id = (select id from brands where slug = ${brand!.slug})
      and exists (select 1 from variants v where v.product_id = p.id and v.size in ('8', '9'))
      and (select min(price) from variants v where v.product_id = p.id) <= 10000
      and exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)`);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(result)).toEqual(expected);
  });

  it("createListing loads once and serves from memory until invalidated", async () => {
    const listing = createListing(database.db, { cacheMs: 60_000 });
    const before = await listing.list(request({}, {}, { pageSize: 1 }));
    await database.db.execute(sql`update products set published = false where id = ${before.products[0]!.id}`);
    expect((await listing.list(request({}, {}, { pageSize: 1 }))).total).toBe(before.total);
    listing.invalidate();
    expect((await listing.list(request({}, {}, { pageSize: 1 }))).total).toBe(before.total - 1);
  });

  it("keeps the answer to a request for as long as its catalogue snapshot, and only for that request", async () => {
    const listing = createListing(database.db, { cacheMs: 60_000 });
    const first = await listing.list(request({ category: "gloves" }, { sizes: ["8"] }));
    expect(await listing.list(request({ category: "gloves" }, { sizes: ["8"] }))).toBe(first);
    const other = await listing.list(request({ category: "gloves" }, { sizes: ["9"] }));
    expect(other).not.toBe(first);
    expect(other).toEqual(queryListing(await loadCatalogueIndex(database.db), request({ category: "gloves" }, { sizes: ["9"] })));
    listing.invalidate();
    expect(await listing.list(request({ category: "gloves" }, { sizes: ["8"] }))).not.toBe(first);
  });
});
