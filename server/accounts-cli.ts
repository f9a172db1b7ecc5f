/**
 * `npm run scope -- role editor someone@example.com` (and grant|revoke): the owner's command for
 * roles and scopes, on the shop's database (accounts-command.ts says what it does).
 */
import { parseEnv } from "./env.ts";
import { databaseTargetFor, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { ACCOUNTS_USAGE, parseAccountsCommand, runAccountsCommand } from "./accounts-command.ts";

async function main(): Promise<void> {
  const command = parseAccountsCommand(process.argv.slice(2));
  if (!command) throw new Error(ACCOUNTS_USAGE);
  const database = await openDatabase(databaseTargetFor(parseEnv(process.env)));
  try {
    await applyMigrations(database);
    console.log(await runAccountsCommand(database.db, command));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
