import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrate.ts";

/**
 * A freshly migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL
 * is set, a new PostgreSQL database on that server that is dropped again by close().
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite" });
    await applyMigrations(database);
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  await applyMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement on the PostgreSQL server at `url` (creating and dropping databases). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
