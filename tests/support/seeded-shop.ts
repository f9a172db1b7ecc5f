import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../server/db/client.ts";
import { seedDemoShop } from "../../server/db/seed/index.ts";
import { createServices, type Services, type ServicesConfig } from "../../server/services.ts";
import { createTestDatabase } from "./test-db.ts";
import { testServicesConfig } from "./services-config.ts";

/**
 * A fresh test database holding the demo shop of `products` products, its services, and its
 * clean-up. Its data folder (`dataDir`: media, uploads) is a new temporary one.
 */
export async function seededShop(
  products = 60,
  config: Partial<ServicesConfig> = {},
): Promise<{ database: Database; services: Services; dataDir: string; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "shop-seeded-"));
  try {
    await seedDemoShop(database.db, { products, mediaDir: join(dataDir, "media") });
  } catch (error) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    database,
    dataDir,
    services: createServices(database, testServicesConfig({ dataDir, ...config })),
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
