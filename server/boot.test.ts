import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { boot } from "./boot.ts";
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

test("DEMO_SHOP=false starts with an empty catalogue", { timeout: 60_000 }, async () => {
  const booted = await boot(parseEnv({ ...freshEnvSource(), DEMO_SHOP: "false" }));
  try {
    expect(await booted.services.catalog.categoryMenu()).toEqual([]);
  } finally {
    await booted.shutdown();
  }
});

function freshEnvSource() {
  return { DATA_DIR: mkdtempSync(join(tmpdir(), "shop-boot-")), LOG_LEVEL: "silent", DATABASE_URL: "" };
}
