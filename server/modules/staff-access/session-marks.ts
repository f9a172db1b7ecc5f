import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { notLoggedIn } from "../accounts/index.ts";

/**
 * Notes on the session that it proved the account's second factor at `now` (and that the back
 * office saw it then, which starts its idle time afresh). Refused when the session is not the
 * account's open one: the proof must not land on a session that ended meanwhile.
 */
export async function markSecondFactor(db: Db, userId: number, sessionId: string, now: Date): Promise<void> {
  const marked = await db
    .update(sessions)
    .set({ secondFactorAt: now, backOfficeSeenAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  if (marked.length === 0) throw notLoggedIn();
}
