import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { isStaffScope, recordAudit } from "../audit/index.ts";
import type { AccountsKit } from "./kit.ts";
import { requireCurrentPassword } from "./password-check.ts";
import { hashPassword, passwordProblem } from "./password.ts";
import { changePasswordInput } from "./schemas.ts";
import { endAllSessions, openSession, type OpenedSession } from "./sessions.ts";

/**
 * Stores a new password (and `confirmed`) and ends every session of the account, in every
 * browser; the caller opens the one for this browser in the same transaction.
 */
export async function replacePassword(
  scope: Scope,
  user: User,
  change: { passwordHash: string; confirmed?: boolean },
): Promise<User> {
  const [updated] = await scope.db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await endAllSessions(scope.db, user.id);
  return updated!;
}

/**
 * Changes the password of a logged-in customer, who must give the current one. Every session
 * of the account ends (a thief's too); the customer gets a new one for this browser.
 */
export async function changePassword(kit: AccountsKit, scope: Scope, userId: number, raw: unknown): Promise<OpenedSession> {
  const input = parseInput(changePasswordInput, raw);
  const user = await requireCurrentPassword(kit, scope, userId, input.currentPassword);
  if (input.password !== input.passwordConfirmation) {
    throw invalidInput("passwordConfirmation", "The passwords do not match.");
  }
  const problem = passwordProblem(input.password, user);
  if (problem) throw invalidInput("password", problem);
  const passwordHash = await hashPassword(input.password);
  return withTransaction(scope, async (tx) => {
    const opened = await openSession(kit, tx, await replacePassword(tx, user, { passwordHash }), "local");
    // Changed in the back office: a change to a staff member's sign-in, found in the audit log.
    if (isStaffScope(tx)) await recordAudit(tx, { action: "staff.password-changed", entityType: "staff", entityId: userId });
    return opened;
  });
}
