import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../support/seeded-shop.ts";
import { ANY_VISITOR, createCatalog } from "../../server/modules/catalog/index.ts";
import { STORY_PRODUCTS } from "../../server/modules/news/shared.ts";
import { storyProducts } from "~/lib/story-products.server";

/*
 * A post's "shop the story" row (ADR 82): the products of the shop category its newsroom category
 * writes about, and the featured products when that category is gone, so the post still shows.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;

beforeAll(async () => {
  shop = await seededShop(24);
});

afterAll(() => shop?.close());

test("a gear story shows gloves; once the owner renames the gloves category, the featured products instead of an error", async () => {
  const gear = await storyProducts(shop.services.catalog, "gear", ANY_VISITOR);
  expect(gear).toHaveLength(STORY_PRODUCTS);
  expect(new Set(gear.map((card) => card.categorySlug))).toEqual(new Set(["gloves"]));

  await shop.database.db.execute(sql`update categories set slug = 'keeper-gloves' where slug = 'gloves'`);
  // A fresh catalogue reads the renamed category (the services' one caches for seconds).
  const catalog = createCatalog(shop.database.db, { cacheMs: 0 });
  const featured = (await catalog.featuredProducts()).slice(0, STORY_PRODUCTS).map((card) => card.slug);
  expect((await storyProducts(catalog, "gear", ANY_VISITOR)).map((card) => card.slug)).toEqual(featured);
  // A category the mapping does not know shows the featured products too.
  expect((await storyProducts(catalog, "an-editors-new-category", ANY_VISITOR)).map((card) => card.slug)).toEqual(featured);
});
