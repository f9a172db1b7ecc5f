import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { accountBlocked, invalidCredentials } from "./errors.ts";
import type { AccountScope, AccountsKit } from "./kit.ts";
import { accountKeyOf, passwordAttempt } from "./password-check.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { loginInput } from "./schemas.ts";
import { logIn, type OpenedSession } from "./sessions.ts";
import { findByIdentifier } from "./users.ts";

/** Logs in with an e-mail address or user name and the password; the visitor's guest bag joins the customer's. */
export async function login(kit: AccountsKit, scope: AccountScope, raw: unknown, strategy = "local"): Promise<OpenedSession> {
  const input = parseInput(loginInput, raw);
  const user = await findByIdentifier(scope.db, input.identifier);
  const hash = user?.passwordHash;
  // An unknown account (or one without a password) is checked against a decoy, so it takes as long.
  const matches = await passwordAttempt(kit, scope, accountKeyOf(user, input.identifier), async () =>
    hash ? verifyPassword(input.password, hash) : verifyPassword(input.password, await kit.decoyHash()).then(() => false),
  );
  if (!user || !matches) throw invalidCredentials();
  if (user.blocked) throw accountBlocked();
  if (needsRehash(user.passwordHash!)) {
    const passwordHash = await hashPassword(input.password);
    await scope.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  return logIn(kit, scope, user, strategy);
}
