import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recoveryCodes } from "../../db/schema/index.ts";
import { hashRecoveryCode, newRecoveryCode, normalRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-code.ts";

/** A new set of recovery codes for the account, replacing every earlier one; answers them in the clear, the only time. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(normalRecoveryCode(code)!) })));
  return [...codes];
}

/**
 * Uses one of the account's recovery codes: true when `typed` was one not used yet, which is used
 * from now on. One conditional update, so two requests with one code cannot both succeed.
 */
export async function useRecoveryCode(db: Db, userId: number, typed: string, now: Date): Promise<boolean> {
  const normal = normalRecoveryCode(typed);
  if (!normal) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(normal)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
