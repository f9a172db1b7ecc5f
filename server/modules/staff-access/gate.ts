import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, staffAuthenticators } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import type { StaffAccessKit } from "./kit.ts";
import { isBackOfficeRole, type GateState } from "./words.ts";

/** Who stands at the back office's door: the session's account and its role, as authenticate() read them. */
export interface GateVisitor {
  userId: number;
  role: string;
  sessionId: string;
}

/** Writes of back_office_seen_at are spared within this: the idle time is counted in minutes. */
const SEEN_RESOLUTION_MS = 60_000;

/**
 * Where the session stands at the back office (words.ts GateState). A back-office session ends 12
 * hours after its second factor was proved, and after 30 minutes without a back-office request
 * (both settings): the session itself is ended then (revoked), so its token opens nothing more,
 * and the person logs in again. An `ok` counts as a back-office request: the idle time starts
 * afresh (written at most once a minute), unless the check is `passive` (an event pushed to an
 * open page is not the person doing something).
 */
export async function backOfficeGate(
  kit: StaffAccessKit,
  scope: Scope,
  visitor: GateVisitor,
  now = new Date(),
  passive = false,
): Promise<GateState> {
  if (!isBackOfficeRole(visitor.role)) return "not-staff";
  const [row] = await scope.db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      backOfficeSeenAt: sessions.backOfficeSeenAt,
      enrolledAt: staffAuthenticators.confirmedAt,
    })
    .from(sessions)
    .leftJoin(staffAuthenticators, eq(staffAuthenticators.userId, sessions.userId))
    .where(and(eq(sessions.id, visitor.sessionId), eq(sessions.userId, visitor.userId)))
    .limit(1);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return "ended";
  if (!row.enrolledAt) return "enrol";
  if (!row.secondFactorAt) return "verify";
  const seen = row.backOfficeSeenAt ?? row.secondFactorAt;
  const time = now.getTime();
  if (time - row.secondFactorAt.getTime() >= kit.session.maxAgeMs || time - seen.getTime() >= kit.session.idleMs) {
    await endBackOfficeSession(scope.db, visitor, now);
    return "ended";
  }
  if (!passive && time - seen.getTime() >= SEEN_RESOLUTION_MS) {
    await scope.db.update(sessions).set({ backOfficeSeenAt: now }).where(eq(sessions.id, visitor.sessionId));
  }
  return "ok";
}

/**
 * Whether the session's account may make a staff change through the REST or GraphQL APIs (ADR 59,
 * 73): an account with a back-office role acts there as in the back office, with its second
 * factor proved in this session and within its limits (an `ok` of the gate, which counts as
 * back-office activity); an account given a scope alone (`npm run scope -- grant`, no back-office
 * role) has no second factor and acts on its password, as before the back office existed.
 */
export async function mayActOnApi(kit: StaffAccessKit, scope: Scope, visitor: GateVisitor, now = new Date()): Promise<boolean> {
  if (!isBackOfficeRole(visitor.role)) return true;
  return (await backOfficeGate(kit, scope, visitor, now)) === "ok";
}

async function endBackOfficeSession(db: Db, visitor: GateVisitor, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, visitor.sessionId), eq(sessions.userId, visitor.userId), isNull(sessions.revokedAt)));
}

/** The session's second-factor and back-office times, for recentSecondFactor(); null for no such session of the account. */
export async function backOfficeSession(db: Db, userId: number, sessionId: string) {
  const [row] = await db
    .select({ secondFactorAt: sessions.secondFactorAt, backOfficeSeenAt: sessions.backOfficeSeenAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row ?? null;
}
