import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema/index.ts";
import { invalidInput } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { addressKey } from "../rate-limit/index.ts";
import { notLoggedIn } from "./errors.ts";
import type { AccountsKit } from "./kit.ts";
import { verifyPassword } from "./password.ts";

export const NO_PASSWORD_MESSAGE = "Your account has no password yet: set one with “Forgot your password?”.";

/** The login limit's key for an account: its id once known, so its e-mail and user name share one count. */
export function accountKeyOf(user: User | undefined, identifier: string): string {
  return user ? `user:${user.id}` : `id:${identifier.toLowerCase()}`;
}

/**
 * Runs a password check under the login limits. The attempt is counted before the check, so
 * guesses sent in parallel cannot all slip past the limit while their hashes are computed; a
 * right password takes the address's count back and clears the account's. The address is
 * counted first: an address already refused records nothing for the account it names, so
 * flooding from it cannot grow the store (or push an account's count out of it).
 */
export async function passwordAttempt(
  kit: AccountsKit,
  scope: Scope,
  account: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const address = addressKey(scope.visitor.ip);
  const { loginAccount, loginAddress } = kit.limits;
  await kit.refuseIfLimited(loginAddress.hit(address));
  await kit.refuseIfLimited(loginAccount.hit(account));
  const right = await check();
  if (right) await Promise.all([loginAccount.reset(account), loginAddress.release(address)]);
  return right;
}

/**
 * The account, when `password` is its password. Wrong guesses count towards the login limits, so
 * a stolen session cannot be used to guess the password either.
 */
export async function requireCurrentPassword(kit: AccountsKit, scope: Scope, userId: number, password: string): Promise<User> {
  const [user] = await scope.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notLoggedIn();
  const hash = user.passwordHash;
  if (!hash) throw invalidInput("currentPassword", NO_PASSWORD_MESSAGE);
  if (!(await passwordAttempt(kit, scope, accountKeyOf(user, ""), () => verifyPassword(password, hash)))) {
    throw invalidInput("currentPassword", "This is not your current password.");
  }
  return user;
}
