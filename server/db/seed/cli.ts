/**
 * Replaces the catalogue with the demo goalkeeping shop, and adds the demo content (plans, news,
 * pages) where there is none:
 *   npm run seed                      # 320 products
 *   npm run seed -- --products 20000
 *   npm run seed -- --orders 100000    # then adds an order history of that many orders (issue 24 §8)
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../../env.ts";
import { databaseTargetFor, openDatabase } from "../client.ts";
import { applyMigrations } from "../migrate.ts";
import { clearCatalogue, seedDemoShop, type ContentCounts } from "./index.ts";
import { seedOrders } from "./orders.ts";

const DEFAULT_PRODUCTS = 320;
const MAX_PRODUCTS = 200_000;

const MAX_ORDERS = 2_000_000;

function wholeNumber(value: string | undefined, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(count <= max)) throw new Error(`--${flag} must be a whole number from 0 to ${max}, not "${value}".`);
  return count;
}

function counts(args: string[]): { products: number; orders: number } {
  const { values } = parseArgs({ args, options: { products: { type: "string" }, orders: { type: "string" } } });
  return {
    products: wholeNumber(values.products, "products", DEFAULT_PRODUCTS, MAX_PRODUCTS),
    orders: wholeNumber(values.orders, "orders", 0, MAX_ORDERS),
  };
}

/** Content is added only where there is none, so a re-seed usually keeps the news and pages. */
function contentSummary(content: ContentCounts): string {
  const added = (
    [
      [content.plans, "membership plan", "membership plans"],
      [content.newsCategories, "news category", "news categories"],
      [content.news, "news post", "news posts"],
      [content.exclusives, "exclusive", "exclusives"],
      [content.drafts, "draft", "drafts"],
      [content.pages, "page", "pages"],
      [content.mediaFiles, "media file", "media files"],
    ] as const
  ).filter(([n]) => n > 0);
  if (added.length === 0) return "Content (plans, news, pages) was there already and is kept.";
  return `Added content: ${added.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(", ")}.`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { products, orders } = counts(process.argv.slice(2));
  const env = parseEnv(process.env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    // Holding the start-up lock keeps a starting server from migrating or seeding meanwhile.
    const counts = await database.exclusive(async (db) => {
      await clearCatalogue(db);
      return seedDemoShop(db, { products, mediaDir: join(env.DATA_DIR, "media") });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${counts.categories} categories (${counts.subCategories} sub-categories), ${counts.brands} brands, ` +
        `${counts.products} products and ${counts.variants} variants in ${seconds} s.`,
    );
    console.log(contentSummary(counts.content));
    if (orders > 0) {
      const begun = performance.now();
      const added = await seedOrders(database.db, orders);
      console.log(
        `Added ${added.orders} orders (${added.lines} lines) from ${added.customers} new customer accounts and guests ` +
          `in ${((performance.now() - begun) / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
