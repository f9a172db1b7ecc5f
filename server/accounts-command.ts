/**
 * The owner's command for roles and scopes (SPEC §6, ADR 39), by e-mail address or user name:
 *   role customer|editor|staff|owner <who>     grant|revoke staff|content|settings <who>
 * Staff may mark orders paid, ship, cancel and refund them (/ecommerce/orders/{number}/...);
 * editors write news and pages through /api; the owner may do everything.
 * Kept apart from its command-line entry (accounts-cli.ts) so its cases are tested in process.
 */
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema/index.ts";

const SCOPES = ["staff", "content", "settings"];
const ROLES = ["customer", "editor", "staff", "owner"];

export const ACCOUNTS_USAGE =
  `Usage: npm run scope -- role ${ROLES.join("|")} <e-mail address or user name>\n` +
  `   or: npm run scope -- grant|revoke ${SCOPES.join("|")} <e-mail address or user name>`;

export type AccountsCommand = { verb: "role" | "grant" | "revoke"; value: string; who: string };

/** The command the arguments name, or null when they name none (the caller prints the usage). */
export function parseAccountsCommand(args: readonly string[]): AccountsCommand | null {
  const [verb, value, who] = args;
  if (!value || !who?.trim()) return null;
  if (verb === "role" && ROLES.includes(value)) return { verb, value, who };
  if ((verb === "grant" || verb === "revoke") && SCOPES.includes(value)) return { verb, value, who };
  return null;
}

/** Runs the command; answers the line to print. Throws when no account matches. */
export async function runAccountsCommand(db: Db, command: AccountsCommand): Promise<string> {
  const key = command.who.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, key), sql`lower(${users.username}) = ${key}`));
  if (!user) throw new Error(`No account has the e-mail address or user name ${command.who}.`);
  if (command.verb === "role") {
    await db.update(users).set({ role: command.value }).where(eq(users.id, user.id));
    return `${user.username} (${user.email}) now has the role ${command.value}.`;
  }
  const next =
    command.verb === "grant"
      ? [...new Set([...user.scope, command.value])]
      : user.scope.filter((scope) => scope !== command.value);
  await db.update(users).set({ scope: next }).where(eq(users.id, user.id));
  return `${user.username} (${user.email}) now has the scope ${JSON.stringify(next)}.`;
}
