import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recoveryCodes, sessions, staffAuthenticators, users } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction } from "../../lib/scope.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lastOwner, staffNotFound, staleVersion } from "./errors.ts";
import { openInvitations } from "./invitations.ts";
import { requireOwner } from "./owner-only.ts";
import { lockOwners, ownerCount } from "./owners.ts";
import { changeRoleInput } from "./schemas.ts";
import { BACK_OFFICE_ROLES, isBackOfficeRole } from "./words.ts";

/** A member of the staff as the staff page lists them. */
export interface StaffRow {
  id: number;
  email: string;
  username: string;
  role: string;
  /** Has a confirmed authenticator (else they cannot enter the back office yet). */
  hasAuthenticator: boolean;
  /** When their newest session opened; null when they never logged in. */
  lastSignInAt: Date | null;
  /** The account's version, for changeRole's stale check. */
  version: string;
}

/** The accounts with a back-office role (owners first) and the invitations that are open. */
export async function staffList(db: Db, now = new Date()) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      enrolledAt: staffAuthenticators.confirmedAt,
      updatedAt: users.updatedAt,
      lastSignInAt: sql<
        string | Date | null
      >`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(staffAuthenticators, eq(staffAuthenticators.userId, users.id))
    .where(inArray(users.role, [...BACK_OFFICE_ROLES]))
    .orderBy(asc(users.email));
  const rank = (role: string) => BACK_OFFICE_ROLES.length - BACK_OFFICE_ROLES.indexOf(role as never);
  const staff: StaffRow[] = rows
    .map((row) => ({
      id: row.id,
      email: row.email,
      username: row.username,
      role: row.role,
      hasAuthenticator: row.enrolledAt !== null,
      lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt),
      version: row.updatedAt.toISOString(),
    }))
    .sort((a, b) => rank(b.role) - rank(a.role));
  return { staff, invitations: await openInvitations(db, now) };
}

export interface RoleChanged {
  userId: number;
  role: string;
  /** The role before; equal to `role` when nothing changed. */
  before: string;
}

/**
 * The owner changes a staff member's role; `customer` takes them off the staff (their
 * authenticator and recovery codes go: joining again means enrolling again). The shop's last
 * owner keeps the role (LAST_OWNER). A changed role ends the account's sessions, so its next
 * request carries the new role from a new login. Audited as staff.role_changed.
 */
export async function changeRole(scope: StaffScope, raw: unknown, now = new Date()): Promise<RoleChanged> {
  requireOwner(scope);
  const input = parseInput(changeRoleInput, raw);
  return withTransaction(scope, async (tx) => {
    await lockOwners(tx.db);
    const [user] = await tx.db
      .select({ role: users.role, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1)
      .for("update");
    if (!user || !isBackOfficeRole(user.role)) throw staffNotFound();
    if (input.version !== undefined && input.version !== user.updatedAt.toISOString()) throw staleVersion(user.updatedAt);
    const before = user.role;
    if (before === input.role) return { userId: input.userId, role: before, before };
    if (before === "owner" && (await ownerCount(tx.db)) <= 1) throw lastOwner();
    await tx.db.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, input.userId));
    await tx.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt)));
    if (input.role === "customer") {
      await tx.db.delete(staffAuthenticators).where(eq(staffAuthenticators.userId, input.userId));
      await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    }
    await recordAudit(tx, {
      action: "staff.role_changed",
      entityType: "user",
      entityId: input.userId,
      changes: { role: [before, input.role] },
    });
    return { userId: input.userId, role: input.role, before };
  });
}
