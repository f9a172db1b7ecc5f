import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boot } from "./boot.ts";
import type { Db } from "./db/client.ts";
import { categories, membershipPlans, newsPosts, pages, siteSettings } from "./db/schema/index.ts";
import {
  HERO_ARTWORK,
  HERO_PORTRAIT_ARTWORK,
  LAUNCH_TEASER_ARTWORK,
  MEMBERSHIP_CARD_ARTWORK,
} from "./db/seed/artwork-paths.ts";
import { clearCatalogue } from "./db/seed/index.ts";
import { parseEnv } from "./env.ts";

test("the first start migrates and loads the demo shop; later starts keep what is there", { timeout: 120_000 }, async () => {
  const env = parseEnv({ ...freshEnvSource(), DEMO_PRODUCTS: "24" });
  const first = await boot(env);
  const featured = await first.services.catalog.featuredProducts();
  expect(featured.length).toBeGreaterThan(0);
  expect((await first.services.catalog.categoryMenu()).length).toBeGreaterThanOrEqual(8);
  // The owner empties the catalogue on purpose: the next start must not fill it again.
  await clearCatalogue(first.database.db);
  await first.shutdown();

  const second = await boot(env);
  try {
    expect(await second.services.catalog.featuredProducts()).toEqual([]);
    expect(await second.database.ping()).toBe(true);
  } finally {
    await second.shutdown();
  }
});

test("a demo shop loaded before content existed gets the demo content once", { timeout: 120_000 }, async () => {
  const env = parseEnv({ ...freshEnvSource(), DEMO_PRODUCTS: "6" });
  const posts = async (db: Db) => (await db.select({ n: count() }).from(newsPosts))[0]?.n;
  const first = await boot(env);
  const seeded = await posts(first.database.db);
  expect(seeded).toBeGreaterThanOrEqual(43);
  // A database from before the content seed: the catalogue marked loaded, no content, no mark.
  await first.database.db.delete(newsPosts);
  await first.database.db.delete(siteSettings).where(eq(siteSettings.key, "demoContentLoadedAt"));
  await first.shutdown();

  const second = await boot(env);
  expect(await posts(second.database.db)).toBe(seeded);
  // The owner deletes the news on purpose: the next start must not bring it back.
  await second.database.db.delete(newsPosts);
  await second.shutdown();

  const third = await boot(env);
  try {
    expect(await posts(third.database.db)).toBe(0);
  } finally {
    await third.shutdown();
  }
});

test("DEMO_SHOP=false starts with an empty catalogue; a shop whose catalogue is the owner's never gets the demo's news, plans or pages", { timeout: 120_000 }, async () => {
  const source = freshEnvSource();
  const empty = await boot(parseEnv({ ...source, DEMO_SHOP: "false" }));
  // DEMO_SHOP=false starts with an empty catalogue, and with the shop's own pictures (ADR 80),
  // which its home, membership and launch pages show until the owner uploads others.
  expect(await empty.services.catalog.categoryMenu()).toEqual([]);
  for (const path of [HERO_ARTWORK, HERO_PORTRAIT_ARTWORK, MEMBERSHIP_CARD_ARTWORK, LAUNCH_TEASER_ARTWORK]) {
    expect(existsSync(join(source.DATA_DIR, "media", path)), path).toBe(true);
  }
  await empty.database.db.insert(categories).values({ slug: "owners-gloves", name: "The owner's gloves" });
  await empty.shutdown();

  const started = await boot(parseEnv(source));
  try {
    const db = started.database.db;
    expect((await db.select({ n: count() }).from(newsPosts))[0]?.n).toBe(0);
    expect((await db.select({ n: count() }).from(membershipPlans))[0]?.n).toBe(0);
    expect((await db.select({ n: count() }).from(pages))[0]?.n).toBe(0);
  } finally {
    await started.shutdown();
  }
});

function freshEnvSource() {
  return { DATA_DIR: mkdtempSync(join(tmpdir(), "shop-boot-")), LOG_LEVEL: "silent", DATABASE_URL: "" };
}
