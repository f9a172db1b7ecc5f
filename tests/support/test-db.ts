import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { template, type TemplateKind } from "./db-templates.ts";
import { adminQuery, databaseUrl } from "./pg-admin.ts";

/**
 * A freshly migrated database for one test file, copied from the run's template of that kind
 * (the demo shop of `kind.products` products, or the empty shop): PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database on that server that close() drops again.
 */
export async function createTestDatabase(kind: TemplateKind = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const source = await template(kind, serverUrl);
  if (!serverUrl) return openDatabase({ kind: "pglite", fromDump: source.dump?.() });
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name} template ${source.database}`);
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, name), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
