import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import { queryRows, type Database } from "../../../db/client.ts";
import { seedDemoShop } from "../../../db/seed/index.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { loadCatalogueIndex } from "./catalogue-snapshot.ts";
import { queryListing } from "./listing.ts";
import { compareSizes } from "./size-order.ts";
import { request } from "../../../../tests/support/listing-catalogue.ts";

// What the storefront lists: published, not members-only, with a variant on sale (catalogue-reads.ts).
const LISTED = sql`p.published and not p.members_only and v.archived_at is null`;

/*
 * The size filter offers the sizes of the products listed, and no others (issue 27, ADR 81): on
 * the demo shop, whose gloves, junior kits, clothing and boots all have sizes of their own kind.
 */
describe("the size facet on the demo shop", () => {
  let database: Database;
  let mediaDir: string;
  let index: CatalogueIndex;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), "size-facet-media-"));
    await seedDemoShop(database.db, { products: 160, mediaDir });
    index = await loadCatalogueIndex(database.db);
  });

  afterAll(async () => {
    await database?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  /** The distinct sizes of the listed products matching `where`, as SQL finds them, in size order. */
  async function sizesWhere(where: SQL): Promise<string[]> {
    const rows = await queryRows<{ size: string }>(
      database.db,
      sql`select distinct v.size from variants v join products p on p.id = v.product_id
          join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
          where ${LISTED} and ${where}`,
    );
    return rows.map((r) => r.size).sort(compareSizes);
  }

  it("lists, in the shop's root, every size some product comes in, each kind as a run of its own", async () => {
    const sizes = queryListing(index, request({})).facets.sizes;
    expect(sizes.map((o) => o.value)).toEqual(await sizesWhere(sql`true`));
    expect(sizes.every((o) => o.count > 0 && !o.selected)).toBe(true);
    // Each kind comes once, in one run: glove sizes first, "One size" last.
    const runs = sizes.map((o) => o.group).filter((group, i, all) => group !== all[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    expect(runs).toEqual(expect.arrayContaining(["glove", "junior", "clothing", "shoe"]));
    expect(sizes.find((o) => o.value === "EU 41")?.group).toBe("shoe");
    expect(sizes.find((o) => o.value === "140")?.group).toBe("junior");
    expect(sizes.find((o) => o.value === "M")?.group).toBe("clothing");
  });

  it("lists in a category only that category's sizes: gloves show glove sizes and nothing else", async () => {
    const sizes = queryListing(index, request({ category: "gloves" })).facets.sizes;
    expect(sizes.map((o) => o.value)).toEqual(await sizesWhere(sql`c.slug = 'gloves'`));
    expect(new Set(sizes.map((o) => o.group))).toEqual(new Set(["glove"]));
  });

  it("follows the other filters: with a brand ticked, only the sizes that brand's products come in", async () => {
    const [brand] = await queryRows<{ slug: string }>(
      database.db,
      sql`select b.slug from brands b join products p on p.brand_id = b.id join categories c on c.id = p.category_id
          where c.slug = 'footwear' group by b.slug order by count(*) limit 1`,
    );
    const brandSlug = brand?.slug ?? index.brands[0]!.slug;
    const sizes = queryListing(index, request({}, { brands: [brandSlug] })).facets.sizes;
    expect(sizes.map((o) => o.value)).toEqual(await sizesWhere(sql`b.slug = ${brandSlug}`));
    expect(sizes.length).toBeLessThan(queryListing(index, request({})).facets.sizes.length);
  });

  it("keeps a ticked size no listed product has, so it can be unticked", async () => {
    const result = queryListing(index, request({ category: "gloves" }, { sizes: ["EU 41"] }));
    expect(result.total).toBe(0);
    // The gloves' sizes stay (each would give gloves instead), and the ticked boot size after them.
    expect(result.facets.sizes.map((o) => o.value)).toEqual([...(await sizesWhere(sql`c.slug = 'gloves'`)), "EU 41"]);
    expect(result.facets.sizes.at(-1)).toMatchObject({ selected: true, count: 0, group: "shoe" });
  });
});
