import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { rootDir } from "../root-dir.ts";
import type { Database } from "./client.ts";

export const migrationsFolder = join(rootDir, "server/db/migrations");

/** Applies the committed SQL migrations that have not run yet. Safe to call on every start. */
export async function applyMigrations(database: Database): Promise<void> {
  await database.exclusive(async (db) => {
    if (database.kind === "pglite") await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
  });
}
