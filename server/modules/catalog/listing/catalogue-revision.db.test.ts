import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import type { Database } from "../../../db/client.ts";
import { products } from "../../../db/schema/index.ts";
import { seedDemoShop } from "../../../db/seed/index.ts";
import { readCatalogueRevision } from "./catalogue-reads.ts";
import { createListing } from "./index.ts";
import { request } from "../../../../tests/support/listing-catalogue.ts";

// Short enough to wait for in a test; the shop checks every CATALOGUE_CHECK_MS.
const CHECK_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the catalogue revision", () => {
  let database: Database;
  let mediaDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), "catalogue-revision-media-"));
    await seedDemoShop(database.db, { products: 40, mediaDir });
  });

  afterAll(async () => {
    await database?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  // Each is SQL another process could run: nothing tells this process about it.
  const changes: [string, SQL][] = [
    ["a product's name", sql`update products set name = name || ' II' where id = (select min(id) from products)`],
    ["a variant selling out", sql`update variants set stock = 0 where id = (select min(id) from variants where stock > 0)`],
    [
      "a variant coming back into stock",
      sql`update variants set stock = 4 where id = (select min(id) from variants where stock = 0)`,
    ],
    ["a variant's price", sql`update variants set price = price + 100 where id = (select min(id) from variants)`],
    [
      "one of many variants selling out in one statement",
      sql`update variants set stock = case when id = (select min(id) from variants where stock > 0) then 0 else stock + 1 end
          where id in (select id from variants order by id limit 20)`,
    ],
    ["an image", sql`update product_images set alt = alt || '.' where id = (select min(id) from product_images)`],
    ["a brand's name", sql`update brands set name = name || ' Co' where id = (select min(id) from brands)`],
    ["a category's name", sql`update categories set name = name || 's' where id = (select min(id) from categories)`],
    ["a deleted product", sql`delete from products where id = (select max(id) from products)`],
  ];

  it.each(changes)("rises when %s changes", async (_, change) => {
    const before = await readCatalogueRevision(database.db);
    await database.db.execute(change);
    expect(await readCatalogueRevision(database.db)).toBeGreaterThan(before);
  });

  it("stays when only something the listings do not show changes", async () => {
    const before = await readCatalogueRevision(database.db);
    await database.db.execute(sql`update site_settings set updated_at = now()`);
    expect(await readCatalogueRevision(database.db)).toBe(before);
  });

  it("stays when stock changes without a variant selling out or coming back (an order, a delivery)", async () => {
    await database.db.execute(sql`update variants set stock = 10 where id in (select id from variants order by id limit 5)`);
    const before = await readCatalogueRevision(database.db);
    await database.db.execute(
      sql`update variants set stock = stock - 3 where id in (select id from variants order by id limit 5)`,
    );
    await database.db.execute(sql`update variants set stock = stock + 40 where id = (select min(id) from variants)`);
    expect(await readCatalogueRevision(database.db)).toBe(before);
  });

  it("comes back with the next change when its row was deleted by hand", async () => {
    await database.db.execute(sql`delete from catalogue_revision`);
    expect(await readCatalogueRevision(database.db)).toBe(-1);
    await database.db.execute(sql`update brands set name = name || '.' where id = (select min(id) from brands)`);
    expect(await readCatalogueRevision(database.db)).toBe(1);
  });

  it("lets a listing show a stock change made by SQL once its check interval has passed", async () => {
    const listing = createListing(database.db, { cacheMs: CHECK_MS });
    const inStock = request({}, { inStock: true }, { pageSize: 1000 });
    const listed = async () => (await listing.list(inStock)).products.map((p) => p.id);
    const [productId] = await listed();
    expect(productId).toBeDefined();

    await database.db.execute(sql`update variants set stock = 0 where product_id = ${productId!}`);
    // Within the interval the snapshot is served as it was.
    expect(await listed()).toContain(productId);
    await vi.waitFor(async () => expect(await listed()).not.toContain(productId), { timeout: 10_000, interval: 50 });
    const everything = await listing.list(request({}, {}, { pageSize: 1000 }));
    expect(everything.products.find((p) => p.id === productId)?.inStock).toBe(false);
  });

  it("lets search find a product renamed in the database once the check interval has passed", async () => {
    const listing = createListing(database.db, { cacheMs: CHECK_MS });
    const searched = async () => (await listing.list(request({}, {}, { query: "zanzibar" }))).products.map((p) => p.id);
    // Asked before the change: nothing, and the search keeps that answer for a minute on its own.
    expect(await searched()).toEqual([]);
    const [renamed] = await database.db.select({ id: products.id }).from(products).where(eq(products.published, true)).limit(1);
    await database.db.update(products).set({ name: "Zanzibar Keeper Glove" }).where(eq(products.id, renamed!.id));
    await vi.waitFor(async () => expect(await searched()).toEqual([renamed!.id]), { timeout: 10_000, interval: 50 });
  });

  it("keeps its snapshot, checking the revision only, while the catalogue does not change", async () => {
    const listing = createListing(database.db, { cacheMs: CHECK_MS });
    const gloves = request({ category: "gloves" });
    const first = await listing.list(gloves);
    const loads = vi.spyOn(database.db, "transaction");
    const checks = vi.spyOn(database.db, "select");
    try {
      await database.db.execute(sql`update site_settings set updated_at = now()`);
      await pause(CHECK_MS + 50);
      // Past the interval: this read has the revision checked in the background.
      expect(await listing.list(gloves)).toBe(first);
      await pause(CHECK_MS);
      // The same answer object: it is kept per snapshot, so the snapshot was not replaced.
      expect(await listing.list(gloves)).toBe(first);
      expect(checks).toHaveBeenCalled();
      expect(loads).not.toHaveBeenCalled();
    } finally {
      loads.mockRestore();
      checks.mockRestore();
    }
  });
});
