import { join } from "node:path";
import { eq } from "drizzle-orm";
import { databaseTargetFor, openDatabase, type Database } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { siteSettings } from "./db/schema/index.ts";
import { isCatalogueEmpty, seedDemoShop } from "./db/seed/index.ts";
import { loadSecrets, type Env } from "./env.ts";
import { createLogger, type Logger } from "./http/logger.ts";
import { createServices, type Services } from "./services.ts";

export interface Booted {
  env: Env;
  logger: Logger;
  database: Database;
  services: Services;
}

// Marks a database whose demo shop has been loaded, so a catalogue the owner empties on purpose
// is not filled again on the next start.
const DEMO_MARK = "demoShopLoadedAt";

/** Everything both servers (production and dev) need: database migrated, demo loaded, services. */
export async function boot(env: Env): Promise<Booted> {
  const logger = createLogger(env.LOG_LEVEL);
  loadSecrets(env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    if (env.DEMO_SHOP) await loadDemoShopOnce(database, env, logger);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return { env, logger, database, services: createServices(database) };
}

async function loadDemoShopOnce(database: Database, env: Env, logger: Logger) {
  await database.exclusive(async (db) => {
    const marked = await db.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARK));
    if (marked.length > 0) return;
    if (!(await isCatalogueEmpty(db))) {
      // Filled by `npm run seed` or by the owner: it counts as loaded.
      await db.insert(siteSettings).values({ key: DEMO_MARK, value: new Date().toISOString() }).onConflictDoNothing();
      return;
    }
    logger.info("loading the demo shop", { products: env.DEMO_PRODUCTS });
    const started = performance.now();
    // One transaction: a start that dies half-way leaves no half-built shop behind.
    await db.transaction(async (tx) => {
      await seedDemoShop(tx, { products: env.DEMO_PRODUCTS, mediaDir: join(env.DATA_DIR, "media") });
      await tx.insert(siteSettings).values({ key: DEMO_MARK, value: new Date().toISOString() });
    });
    logger.info("demo shop loaded", { seconds: Math.round(performance.now() - started) / 1000 });
  });
}
