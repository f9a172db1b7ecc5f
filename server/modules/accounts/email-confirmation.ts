import { and, eq, ne } from "drizzle-orm";
import { users, type User } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { confirmationMail, emailChangeMail, emailChangeNoticeMail } from "../mail/index.ts";
import { addressKey } from "../rate-limit/index.ts";
import { invalidCode } from "./errors.ts";
import type { AccountsKit } from "./kit.ts";
import { mailAccountLater } from "./mail-requests.ts";
import { issueCode, takeCode } from "./mailed-codes.ts";
import { requireCurrentPassword } from "./password-check.ts";
import { changeEmailInput, confirmationInput, emailInput } from "./schemas.ts";
import { publicUser, type PublicUser } from "./user-view.ts";
import { roleScopes } from "./sessions.ts";
import { findByEmail, isUniqueViolation } from "./users.ts";

const CONFIRMATION_CODE_HOURS = 48;

/**
 * Mails a confirmation link for `email` (the account's own address, or a new one it is changing
 * to, when the old address is told too). Runs after answering, outside the request's scope.
 */
export async function sendConfirmation(kit: AccountsKit, user: User, email = user.email): Promise<void> {
  const { deps } = kit;
  const code = await issueCode(systemScope(deps.db), user, "email-confirmation", email, CONFIRMATION_CODE_HOURS * 60);
  const link = `${deps.publicUrl}/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`;
  const content = { siteName: deps.siteName, username: user.username, link };
  if (email === user.email) {
    await deps.mailer.send({ to: email, ...confirmationMail(content) });
    return;
  }
  await deps.mailer.send({ to: email, ...emailChangeMail(content) });
  await deps.mailer.send({
    to: user.email,
    ...emailChangeNoticeMail({
      siteName: deps.siteName,
      username: user.username,
      newEmail: email,
      resetLink: `${deps.publicUrl}/forgot-password`,
    }),
  });
}

/** Confirms the address a mailed confirmation code was sent to. */
export async function confirmEmail(kit: AccountsKit, scope: Scope, raw: unknown): Promise<PublicUser> {
  await kit.refuseIfLimited(kit.limits.codes.hit(addressKey(scope.visitor.ip)));
  const input = parseInput(confirmationInput, raw);
  try {
    return await withTransaction(scope, async ({ db }) => {
      const code = await takeCode(db, input.confirmation, "email-confirmation");
      // A changed address that another account took in the meantime cannot be confirmed.
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, code.email), ne(users.id, code.userId)))
        .limit(1);
      if (other) throw invalidCode();
      const [updated] = await db
        .update(users)
        .set({ confirmed: true, email: code.email, updatedAt: new Date() })
        .where(eq(users.id, code.userId))
        .returning();
      if (!updated) throw invalidCode();
      await kit.deps.guestOrders?.claim({ ...scope, db }, updated.id, updated.email);
      return publicUser(updated, await roleScopes(db, updated.role));
    });
  } catch (error) {
    // The address was taken by a sign-up between the check and the change.
    if (isUniqueViolation(error)) throw invalidCode();
    throw error;
  }
}

/** Mails a new confirmation link when the address has an unconfirmed account; answers the same either way. */
export async function sendEmailConfirmation(kit: AccountsKit, scope: Scope, raw: unknown): Promise<{ email: string }> {
  const { email } = parseInput(emailInput, raw);
  await mailAccountLater(kit, scope, email, async (user) => {
    if (!user.confirmed) await sendConfirmation(kit, user);
  });
  return { email };
}

/**
 * Starts changing a customer's e-mail address: the current password is needed, and the new
 * address only replaces the old one when the link mailed to it is followed.
 */
export async function changeEmail(kit: AccountsKit, scope: Scope, userId: number, raw: unknown): Promise<{ email: string }> {
  const input = parseInput(changeEmailInput, raw);
  const user = await requireCurrentPassword(kit, scope, userId, input.currentPassword);
  if (input.email === user.email) throw invalidInput("email", "This is already your e-mail address.");
  await kit.refuseIfLimited(kit.limits.mailToAddress.hit(input.email));
  if (await findByEmail(scope.db, input.email)) throw invalidInput("email", "This e-mail address belongs to another account.");
  kit.later(scope, () => sendConfirmation(kit, user, input.email));
  return { email: input.email };
}
