/**
 * Replaces the catalogue with the demo goalkeeping shop:
 *   npm run seed                      # 320 products
 *   npm run seed -- --products 20000
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../../env.ts";
import { databaseTargetFor, openDatabase } from "../client.ts";
import { applyMigrations } from "../migrate.ts";
import { clearCatalogue, seedDemoShop } from "./index.ts";

const DEFAULT_PRODUCTS = 320;
const MAX_PRODUCTS = 200_000;

function productCount(args: string[]): number {
  const { values } = parseArgs({ args, options: { products: { type: "string" } } });
  if (values.products === undefined) return DEFAULT_PRODUCTS;
  const count = /^\d+$/.test(values.products) ? Number(values.products) : Number.NaN;
  if (!(count <= MAX_PRODUCTS)) {
    throw new Error(`--products must be a whole number from 0 to ${MAX_PRODUCTS}, not "${values.products}".`);
  }
  return count;
}

async function main(): Promise<void> {
  const started = performance.now();
  const products = productCount(process.argv.slice(2));
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
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
