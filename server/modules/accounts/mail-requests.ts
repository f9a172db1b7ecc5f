import type { User } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { accountReminderMail } from "../mail/index.ts";
import { addressKey } from "../rate-limit/index.ts";
import type { AccountsKit } from "./kit.ts";
import { emailInput } from "./schemas.ts";
import { findByEmail } from "./users.ts";

/**
 * Whether a mail may go to `email` for this request. Too many requests from one address are
 * refused (429); too many mails to one recipient are silently not sent, so nobody can keep a
 * customer from getting a reset mail, or learn anything, by asking for mails to their address.
 */
async function mailAllowed(kit: AccountsKit, scope: Scope, email: string): Promise<boolean> {
  await kit.refuseIfLimited(kit.limits.mailFromAddress.hit(addressKey(scope.visitor.ip)));
  return !(await kit.limits.mailToAddress.hit(email)).limited;
}

/**
 * After answering, `send` to the account of `email`, if there is one that is not blocked and
 * the limits allow a mail: the answer is the same whatever the case (forgot-password, the
 * confirmation re-send, the user-name reminder).
 */
export async function mailAccountLater(kit: AccountsKit, scope: Scope, email: string, send: (user: User) => Promise<void>) {
  const mailed = await mailAllowed(kit, scope, email);
  kit.later(scope, async () => {
    if (!mailed) return;
    const user = await findByEmail(kit.deps.db, email);
    if (user && !user.blocked) await send(user);
  });
}

/** Mails the user name of the address's account (SPEC's recover-user page); answers the same either way. */
export async function remindAccount(kit: AccountsKit, scope: Scope, raw: unknown): Promise<{ email: string }> {
  const { email } = parseInput(emailInput, raw);
  const { deps } = kit;
  await mailAccountLater(kit, scope, email, async (user) => {
    await deps.mailer.send({
      to: user.email,
      ...accountReminderMail({
        siteName: deps.siteName,
        username: user.username,
        loginLink: `${deps.publicUrl}/login`,
        resetLink: `${deps.publicUrl}/forgot-password`,
      }),
    });
  });
  return { email };
}
