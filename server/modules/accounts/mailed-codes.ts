import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCodes, users, type User } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { hashCode, isCodeShaped, newCode } from "./codes.ts";
import { invalidCode } from "./errors.ts";
import { MINUTE } from "./kit.ts";

export type CodePurpose = "email-confirmation" | "password-reset";

/** A new mailed code for `purpose`; the user's earlier unused ones for it stop working. */
export async function issueCode(scope: Scope, user: User, purpose: CodePurpose, email: string, minutes: number): Promise<string> {
  const code = newCode();
  await withTransaction(scope, async ({ db }) => {
    // One code at a time per account: a second request waits, then retires this one's code.
    await db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    await db
      .update(accountCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(accountCodes.userId, user.id), eq(accountCodes.purpose, purpose), isNull(accountCodes.usedAt)));
    await db.insert(accountCodes).values({
      userId: user.id,
      purpose,
      codeHash: hashCode(code),
      email,
      expiresAt: new Date(Date.now() + minutes * MINUTE),
    });
  });
  return code;
}

/** Takes a code for `purpose` that is unused and current, inside the transaction `db`; anything else is INVALID_CODE. */
export async function takeCode(db: Db, code: string, purpose: CodePurpose) {
  if (!isCodeShaped(code)) throw invalidCode();
  const [row] = await db
    .select()
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.codeHash, hashCode(code)),
        eq(accountCodes.purpose, purpose),
        isNull(accountCodes.usedAt),
        gt(accountCodes.expiresAt, new Date()),
      ),
    )
    .for("update")
    .limit(1);
  if (!row) throw invalidCode();
  await db.update(accountCodes).set({ usedAt: new Date() }).where(eq(accountCodes.id, row.id));
  return row;
}
