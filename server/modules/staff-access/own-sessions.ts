import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { isStaffScope, recordAudit } from "../audit/index.ts";
import { sessionNotFound } from "./errors.ts";

/** One of the account's open sessions, as its account page lists them. */
export interface OwnSession {
  id: string;
  /** How it logged in: local, the login API, a social provider. */
  strategy: string;
  createdAt: Date;
  expiresAt: Date;
  /** Its last back-office request; null when it never entered the back office. */
  backOfficeSeenAt: Date | null;
  /** The session the list is shown in. */
  current: boolean;
}

/** The account's open sessions, newest first. */
export async function sessionsOf(db: Db, userId: number, currentSessionId?: string, now = new Date()): Promise<OwnSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      strategy: sessions.strategy,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      backOfficeSeenAt: sessions.backOfficeSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

/** Ends one of the account's own open sessions; another's, or one ended already, is SESSION_NOT_FOUND. */
export async function endOwnSession(scope: Scope, userId: number, sessionId: string, now = new Date()): Promise<void> {
  await withTransaction(scope, async (tx) => {
    const ended = await tx.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw sessionNotFound();
    if (isStaffScope(tx)) await recordAudit(tx, { action: "staff.session-ended", entityType: "staff", entityId: userId });
  });
}
