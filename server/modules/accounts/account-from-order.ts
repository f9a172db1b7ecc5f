import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { choosePasswordMail } from "../mail/templates.ts";
import { addressKey } from "../rate-limit/index.ts";
import { issueCode } from "./mailed-codes.ts";
import { accountTaken } from "./errors.ts";
import type { AccountsKit } from "./kit.ts";
import { RESET_CODE_MINUTES } from "./password-reset.ts";
import { emailInput } from "./schemas.ts";
import { usernameSkeleton } from "./username.ts";

/**
 * "Create an account" with one click on a guest's order page (issue 11 §1, ADR 37): an account for
 * the order's address, without a password, and a mail whose link chooses one. Choosing it proves
 * the address (as a password reset does), logs the guest in, and their guest orders join the
 * account. ACCOUNT_TAKEN when the address has an account already. Answers the user name.
 */
export async function accountFromOrder(kit: AccountsKit, scope: Scope, raw: unknown): Promise<{ username: string }> {
  const { email } = parseInput(emailInput, raw);
  await kit.refuseIfLimited(kit.limits.register.hit(addressKey(scope.visitor.ip)));
  // A user name from the address, with digits so that one taken already rarely stands in the way.
  const base =
    (email.split("@")[0] ?? "")
      .replace(/[^a-z0-9._-]/g, "")
      .replace(/^[._-]+/, "")
      .slice(0, 20) || "keeper";
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = `${base}${randomInt(1000, 10000)}`;
    const user = await withTransaction(scope, async (tx) => {
      const [taken] = await tx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw accountTaken();
      const [created] = await tx.db
        .insert(users)
        .values({ username, usernameSkeleton: usernameSkeleton(username), email, passwordHash: null })
        .onConflictDoNothing()
        .returning();
      return created ?? null;
    });
    if (!user) continue; // the user name (or, just now, the address) was taken: the check above tells which
    kit.later(scope, async () => {
      const code = await issueCode(systemScope(kit.deps.db), user, "password-reset", user.email, RESET_CODE_MINUTES);
      const link = `${kit.deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
      await kit.deps.mailer.send({
        to: user.email,
        ...choosePasswordMail({ siteName: kit.deps.siteName, username, link, expiresInMinutes: RESET_CODE_MINUTES }),
      });
    });
    return { username };
  }
  throw accountTaken();
}
