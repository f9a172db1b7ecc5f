/**
 * Gives an account a role, or gives or takes a scope of its own (SPEC §6), by e-mail address or
 * user name:
 *   npm run scope -- role editor someone@example.com     (customer, editor, staff or owner; ADR 39)
 *   npm run scope -- grant staff owner@example.com
 *   npm run scope -- revoke staff owner@example.com
 * Staff may mark orders paid, ship, cancel and refund them (/ecommerce/orders/{number}/...);
 * editors write news and pages through /api; the owner may do everything.
 */
import { eq, or, sql } from "drizzle-orm";
import { parseEnv } from "./env.ts";
import { databaseTargetFor, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { users } from "./db/schema/index.ts";

const SCOPES = ["staff", "content", "settings"];
const ROLES = ["customer", "editor", "staff", "owner"];

async function main(): Promise<void> {
  const [verb, scope, who] = process.argv.slice(2);
  const byRole = verb === "role" && scope !== undefined && ROLES.includes(scope);
  if (!(byRole || ((verb === "grant" || verb === "revoke") && scope && SCOPES.includes(scope))) || !scope || !who) {
    throw new Error(
      `Usage: npm run scope -- role ${ROLES.join("|")} <e-mail address or user name>\n` +
        `   or: npm run scope -- grant|revoke ${SCOPES.join("|")} <e-mail address or user name>`,
    );
  }
  const env = parseEnv(process.env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    const key = who.trim().toLowerCase();
    const [user] = await database.db
      .select()
      .from(users)
      .where(or(eq(users.email, key), sql`lower(${users.username}) = ${key}`));
    if (!user) throw new Error(`No account has the e-mail address or user name ${who}.`);
    if (byRole) {
      await database.db.update(users).set({ role: scope }).where(eq(users.id, user.id));
      console.log(`${user.username} (${user.email}) now has the role ${scope}.`);
      return;
    }
    const next = verb === "grant" ? [...new Set([...user.scope, scope])] : user.scope.filter((s) => s !== scope);
    await database.db.update(users).set({ scope: next }).where(eq(users.id, user.id));
    console.log(`${user.username} (${user.email}) now has the scope ${JSON.stringify(next)}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
