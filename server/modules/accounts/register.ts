import { users } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { addressKey } from "../rate-limit/index.ts";
import { sendConfirmation } from "./email-confirmation.ts";
import { accountTaken } from "./errors.ts";
import type { AccountScope, AccountsKit } from "./kit.ts";
import { hashPassword, passwordProblem } from "./password.ts";
import { registerInput } from "./schemas.ts";
import { usernameSkeleton } from "./username.ts";
import { logIn, type OpenedSession } from "./sessions.ts";

/** Makes an account and logs it in (the guest's bag comes along); a confirmation mail goes to its address. */
export async function register(kit: AccountsKit, scope: AccountScope, raw: unknown): Promise<OpenedSession> {
  // Typos do not count towards the limit; every well-formed try does.
  const input = parseInput(registerInput, raw);
  await kit.refuseIfLimited(kit.limits.register.hit(addressKey(scope.visitor.ip)));
  const problem = passwordProblem(input.password, { email: input.email, username: input.username });
  if (problem) throw invalidInput("password", problem);
  const passwordHash = await hashPassword(input.password);
  // The account and its first session commit together: a sign-up that fails half-way leaves no
  // account behind to make the next try say "taken".
  return withTransaction(scope, async (tx) => {
    const [user] = await tx.db
      .insert(users)
      .values({ username: input.username, usernameSkeleton: usernameSkeleton(input.username), email: input.email, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!user) throw accountTaken();
    kit.later(tx, () => sendConfirmation(kit, user));
    return logIn(kit, tx, user, "local");
  });
}
