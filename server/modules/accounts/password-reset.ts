import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { passwordResetMail, type MailContent, type PasswordLinkInput } from "../mail/index.ts";
import { addressKey } from "../rate-limit/index.ts";
import { invalidCode } from "./errors.ts";
import type { AccountScope, AccountsKit } from "./kit.ts";
import { mailAccountLater } from "./mail-requests.ts";
import { issueCode, takeCode } from "./mailed-codes.ts";
import { replacePassword } from "./password-change.ts";
import { hashPassword, passwordProblem } from "./password.ts";
import { emailInput, resetPasswordInput } from "./schemas.ts";
import { logIn, type OpenedSession } from "./sessions.ts";

const RESET_CODE_MINUTES = 60;

/**
 * Mails `user` a link to /reset-password with a new password-reset code (their earlier one stops
 * working), worded by `template`: a forgotten password's reset, or the first password of an
 * account made from an order. For work after answering: the code is written on its own.
 */
export async function mailPasswordLink(
  kit: AccountsKit,
  user: User,
  template: (input: PasswordLinkInput) => MailContent,
): Promise<void> {
  const { deps } = kit;
  const code = await issueCode(systemScope(deps.db), user, "password-reset", user.email, RESET_CODE_MINUTES);
  const link = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
  await deps.mailer.send({
    to: user.email,
    ...template({ siteName: deps.siteName, username: user.username, link, expiresInMinutes: RESET_CODE_MINUTES }),
  });
}

/** Mails a reset link when the address has an account; answers the same either way. */
export async function forgotPassword(kit: AccountsKit, scope: Scope, raw: unknown): Promise<void> {
  const { email } = parseInput(emailInput, raw);
  await mailAccountLater(kit, scope, email, (user) => mailPasswordLink(kit, user, passwordResetMail));
}

/**
 * Sets a new password with a mailed code, ends every session of the account, and logs the
 * visitor in (their guest bag comes along). The code proves the visitor reads the account's
 * mail, so it also confirms the address.
 */
export async function resetPassword(kit: AccountsKit, scope: AccountScope, raw: unknown): Promise<OpenedSession> {
  await kit.refuseIfLimited(kit.limits.codes.hit(addressKey(scope.visitor.ip)));
  const input = parseInput(resetPasswordInput, raw);
  if (input.password !== input.passwordConfirmation) {
    throw invalidInput("passwordConfirmation", "The passwords do not match.");
  }
  return withTransaction(scope, async (tx) => {
    const code = await takeCode(tx.db, input.code, "password-reset");
    const [user] = await tx.db.select().from(users).where(eq(users.id, code.userId)).for("update");
    if (!user || user.blocked || user.email !== code.email) throw invalidCode();
    const problem = passwordProblem(input.password, user);
    if (problem) throw invalidInput("password", problem);
    const passwordHash = await hashPassword(input.password);
    return logIn(kit, tx, await replacePassword(tx, user, { passwordHash, confirmed: true }), "local");
  });
}
