import type { Scope } from "../../lib/scope.ts";
import { addressKey } from "../rate-limit/index.ts";
import { tooManyCodes } from "./errors.ts";
import type { StaffAccessKit } from "./kit.ts";

/**
 * Runs a second-factor check under the code limits, as a password check runs under the login's
 * (accounts/password-check.ts): the attempt is counted before the check, so codes sent in
 * parallel cannot all slip past; the address is counted first, so an address already refused
 * records nothing for the account it names. A check that succeeds clears the account's count and
 * takes the address's attempt back; one that throws (a wrong code) leaves both counted.
 */
export async function codeAttempt<T>(kit: StaffAccessKit, scope: Scope, userId: number, check: () => Promise<T>): Promise<T> {
  const address = addressKey(scope.visitor.ip);
  const account = `user:${userId}`;
  const { account: perAccount, address: perAddress } = kit.limits;
  const fromAddress = await perAddress.hit(address);
  if (fromAddress.limited) throw tooManyCodes(fromAddress.retryAfterSeconds);
  const forAccount = await perAccount.hit(account);
  if (forAccount.limited) throw tooManyCodes(forAccount.retryAfterSeconds);
  const result = await check();
  await Promise.all([perAccount.reset(account), perAddress.release(address)]);
  return result;
}
