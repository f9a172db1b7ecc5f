/**
 * `npm run owner -- someone@example.com`: prints a one-time link (valid 24 hours) that makes that
 * address an owner of the shop: whoever opens it chooses the password and sets up two-factor
 * sign-in (issue 24, ADR 58). For a shop whose set-up link was lost, or a second owner.
 */
import { parseEnv, loadSecrets } from "./env.ts";
import { databaseTargetFor, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { systemScope } from "./lib/scope.ts";
import { createRateLimitStore } from "./modules/rate-limit/index.ts";
import { createStaffAccess } from "./modules/staff-access/index.ts";

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) throw new Error("Usage: npm run owner -- <e-mail address>");
  const env = parseEnv(process.env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    const access = createStaffAccess({
      db: database.db,
      secret: loadSecrets(env).sessionSecret,
      publicUrl: env.PUBLIC_URL,
      siteName: env.SITE_NAME,
      rateLimits: createRateLimitStore({}),
    });
    const link = await access.ownerInvitationLink(systemScope(database.db), email);
    console.log(`Open this link within 24 hours to become an owner as ${email.trim().toLowerCase()}:\n${link}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
