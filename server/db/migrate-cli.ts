/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { parseEnv } from "../env.ts";
import { databaseTargetFor, openDatabase } from "./client.ts";
import { applyMigrations } from "./migrate.ts";

async function main() {
  const env = parseEnv(process.env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    console.log(
      `Migrations applied (${database.kind === "postgres" ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}/db`}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
