import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, count, countDistinct, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { queryRows, type Database } from "../client.ts";
import { brands, categories, featureFlags, productImages, products, siteSettings, variants } from "../schema/index.ts";
import {
  categoryArtworkPath,
  HERO_ARTWORK,
  HERO_PORTRAIT_ARTWORK,
  LAUNCH_TEASER_ARTWORK,
  MEMBERSHIP_CARD_ARTWORK,
  pageArtworkPath,
  SHARE_ARTWORK,
} from "./artwork-paths.ts";
import { catalogue } from "./catalogue-data.ts";
import { clearCatalogue, isCatalogueEmpty, seedDemoShop } from "./index.ts";

describe("seedDemoShop", () => {
  let database: Database;
  let mediaDir: string;
  let firstSlugs: string[];
  let emptyBefore: boolean;
  let counts: Awaited<ReturnType<typeof seedDemoShop>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), "seed-media-"));
    emptyBefore = await isCatalogueEmpty(database.db);
    counts = await seedDemoShop(database.db, { products: 320, mediaDir });
    firstSlugs = await productSlugs(database);
  });

  afterAll(async () => {
    await database?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it("reports the catalogue as empty before and filled after", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isCatalogueEmpty(database.db)).toBe(false);
  });

  it("creates at least 8 categories, each with sub-categories", async () => {
    const { db } = database;
    const topLevel = await db.select().from(categories).where(isNull(categories.parentId));
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    expect(counts.categories).toBe(topLevel.length);
    // Each shows its drawn tile, as an owner's picture would be set.
    expect(topLevel.map((category) => category.imagePath)).toEqual(topLevel.map((category) => categoryArtworkPath(category.slug)));
    const children = await db.select({ parentId: categories.parentId, n: count() }).from(categories).groupBy(categories.parentId);
    for (const category of topLevel) {
      expect(children.find((row) => row.parentId === category.id)?.n ?? 0).toBeGreaterThanOrEqual(2);
    }
  });

  it("creates at least 12 brands with logos on disk", async () => {
    const rows = await database.db.select().from(brands);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const brand of rows) expect(existsSync(join(mediaDir, brand.logoPath ?? "missing"))).toBe(true);
  });

  it("gives every product a variant and an image that exists on disk", async () => {
    const { db } = database;
    expect(counts.products).toBe(320);
    const [withoutVariant] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${variants} where ${variants.productId} = ${products.id})`);
    expect(withoutVariant?.n).toBe(0);
    const [withoutImage] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${productImages} where ${productImages.productId} = ${products.id})`);
    expect(withoutImage?.n).toBe(0);
    const images = await db.selectDistinct({ path: productImages.path }).from(productImages);
    for (const { path } of images) expect(existsSync(join(mediaDir, path))).toBe(true);
  });

  it("links every product image to one of its product's colours, and shows each colour", async () => {
    const rows = await queryRows<{ unmatched: number; unpictured: number }>(
      database.db,
      sql`
      select
        (select count(*)::int from ${productImages} i
          where not exists (select 1 from ${variants} v where v.product_id = i.product_id and v.colour = i.colour)) as unmatched,
        (select count(*)::int from (select distinct product_id, colour from ${variants}) v
          where not exists (select 1 from ${productImages} i where i.product_id = v.product_id and i.colour = v.colour)) as unpictured`,
    );
    expect(rows[0]).toEqual({ unmatched: 0, unpictured: 0 });
  });

  it("renders the shop's drawn artwork into the media folder", () => {
    const paths = [
      HERO_ARTWORK,
      HERO_PORTRAIT_ARTWORK,
      MEMBERSHIP_CARD_ARTWORK,
      LAUNCH_TEASER_ARTWORK,
      SHARE_ARTWORK,
      ...catalogue.map((category) => categoryArtworkPath(category.slug)),
      ...["about", "the-keepers-call", "xg"].map(pageArtworkPath),
    ];
    for (const path of paths) expect(existsSync(join(mediaDir, path)), path).toBe(true);
  });

  it("has products on sale and products sold out in every variant", async () => {
    const { db } = database;
    const [onSale] = await db
      .select({ n: countDistinct(variants.productId) })
      .from(variants)
      .where(sql`${variants.compareAtPrice} > ${variants.price}`);
    expect(onSale?.n).toBeGreaterThan(10);
    const soldOut = await db
      .select({ productId: variants.productId })
      .from(variants)
      .groupBy(variants.productId)
      .having(sql`max(${variants.stock}) = 0`);
    expect(soldOut.length).toBeGreaterThan(5);
  });

  it("offers several sizes and colours", async () => {
    const [row] = await database.db
      .select({ sizes: countDistinct(variants.size), colours: countDistinct(variants.colour) })
      .from(variants);
    expect(row?.sizes).toBeGreaterThan(10);
    expect(row?.colours).toBeGreaterThan(5);
  });

  it("seeds default settings and flags", async () => {
    const { db } = database;
    // The demo's launch (ADR 76): three weeks ahead; the header and footer need no rows (their defaults are the demo's).
    const [launchText] = await db.select().from(siteSettings).where(eq(siteSettings.key, "launch"));
    const at = Date.parse((launchText?.value as { at: string }).at);
    expect(Math.round((at - Date.now()) / 86_400_000)).toBe(21);
    const [launch] = await db.select().from(featureFlags).where(eq(featureFlags.key, "launch"));
    expect(launch?.enabled).toBe(false);
    expect((await db.select().from(featureFlags)).map((flag) => flag.key).sort()).toEqual([
      "analytics",
      "compare",
      "launch",
      "membership",
      "news",
    ]);
  });

  it("refuses to seed over an existing catalogue", async () => {
    await expect(seedDemoShop(database.db, { products: 1, mediaDir })).rejects.toThrow(/not empty/);
  });

  // Last: it replaces the catalogue the other tests read.
  it("gives the same shop again after clearCatalogue, keeping the owner's settings", async () => {
    const { db } = database;
    await db.update(featureFlags).set({ enabled: true }).where(eq(featureFlags.key, "launch"));
    await clearCatalogue(db);
    expect(await isCatalogueEmpty(db)).toBe(true);
    await seedDemoShop(db, { products: 320, mediaDir });
    expect(await productSlugs(database)).toEqual(firstSlugs);
    const [launch] = await db.select().from(featureFlags).where(eq(featureFlags.key, "launch"));
    expect(launch?.enabled).toBe(true);
  });
});

async function productSlugs(database: Database): Promise<string[]> {
  const rows = await database.db.select({ slug: products.slug }).from(products).orderBy(asc(products.slug));
  return rows.map((row) => row.slug);
}
