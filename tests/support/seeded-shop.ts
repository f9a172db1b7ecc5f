import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../server/db/client.ts";
import { createServices, type Services, type ServicesConfig } from "../../server/services.ts";
import { template } from "./db-templates.ts";
import { createTestDatabase } from "./test-db.ts";
import { testServicesConfig } from "./services-config.ts";

/**
 * A fresh test database holding the demo shop of `products` products, its services, and its
 * clean-up. Its data folder (`dataDir`: media, uploads) is a new temporary one holding a copy of
 * the demo images, so a test may add or remove files there.
 */
export async function seededShop(
  products = 60,
  config: Partial<ServicesConfig> = {},
): Promise<{ database: Database; services: Services; dataDir: string; close(): Promise<void> }> {
  const database = await createTestDatabase({ products });
  const dataDir = mkdtempSync(join(tmpdir(), "shop-seeded-"));
  const { mediaDir } = await template({ products }, process.env.TEST_DATABASE_URL);
  if (mediaDir) cpSync(mediaDir, join(dataDir, "media"), { recursive: true });
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
