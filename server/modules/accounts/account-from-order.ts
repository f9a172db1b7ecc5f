import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { choosePasswordMail } from "../mail/index.ts";
import { addressKey } from "../rate-limit/index.ts";
import { accountTaken } from "./errors.ts";
import type { AccountsKit } from "./kit.ts";
import { mailPasswordLink } from "./password-reset.ts";
import { emailInput } from "./schemas.ts";
import { freeUsername, usernameSkeleton } from "./username.ts";

/**
 * "Create an account" with one click on a guest's order page (issue 11 §1, ADR 37): an account for
 * the order's address, without a password, and a mail whose link chooses one. Choosing it proves
 * the address (as a password reset does), logs the guest in, and their guest orders join the
 * account. ACCOUNT_TAKEN when the address has an account already. Answers the user name.
 */
export async function accountFromOrder(kit: AccountsKit, scope: Scope, raw: unknown): Promise<{ username: string }> {
  const { email } = parseInput(emailInput, raw);
  // Counted as a sign-up: each click makes an account and sends a mail.
  await kit.refuseIfLimited(kit.limits.register.hit(addressKey(scope.visitor.ip)));
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await withTransaction(scope, async (tx) => {
      const [taken] = await tx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw accountTaken();
      // The name the address starts with, numbered when it (or a look-alike) is taken.
      const username = await freeUsername(tx.db, email.split("@")[0]!);
      const [created] = await tx.db
        .insert(users)
        .values({ username, usernameSkeleton: usernameSkeleton(username), email, passwordHash: null })
        .onConflictDoNothing()
        .returning();
      return created ?? null;
    });
    // Another account took the user name (or, just now, the address) since it was read: the
    // address check above tells which on the next attempt.
    if (!user) continue;
    kit.later(scope, () => mailPasswordLink(kit, user, choosePasswordMail));
    return { username: user.username };
  }
  throw accountTaken();
}
