import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, staffInvitations, users } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { freeUsername, hashPassword, passwordProblem, usernameSkeleton } from "../accounts/index.ts";
import { recordAudit } from "../audit/index.ts";
import { invitationInvalid, ownerExists } from "./errors.ts";
import { openInvitation } from "./invitations.ts";
import { lockOwners, ownerCount } from "./owners.ts";
import { acceptInvitationInput } from "./schemas.ts";

/** The account a link made or gave its role to. */
export interface StaffMember {
  id: number;
  email: string;
  username: string;
  role: string;
}

const USERNAME_TAKEN = "This user name is taken (or looks too much like one that is): choose another.";

/**
 * Someone follows a set-up link or an invitation (ADR 59): with the shop's password rules, a new
 * account with the link's role (confirmed: the link came to the address, or is the owner's own), or
 * the account the address already has gets the role and the new password (its other sessions
 * end). In one transaction with the link's use and the audit entry, written in the new member's
 * name. The link is claimed by a conditional update: of two requests with one link, the second
 * finds it used (INVALID_CODE). A set-up link is refused once the shop has an owner. Nothing is
 * logged in: the page logs in with the address and password just chosen.
 */
export async function acceptInvitation(scope: Scope, raw: unknown, now = new Date()): Promise<StaffMember> {
  const input = parseInput(acceptInvitationInput, raw);
  const link = await openInvitation(scope.db, input.token, now);
  if (!link) throw invitationInvalid();
  const email = link.email ?? input.email;
  if (!email) throw invalidInput("email", "Enter your e-mail address.");
  if (input.passwordConfirmation !== undefined && input.passwordConfirmation !== input.password) {
    throw invalidInput("passwordConfirmation", "The two passwords are not the same.");
  }
  const problem = passwordProblem(input.password, { email, username: input.username });
  if (problem) throw invalidInput("password", problem);
  // Slow on purpose (scrypt): before the transaction, which then holds its locks briefly.
  const passwordHash = await hashPassword(input.password);

  return withTransaction(scope, async (tx) => {
    const setUp = link.email === null;
    if (link.role === "owner") await lockOwners(tx.db);
    const [claimed] = await tx.db
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvitations.id, link.id),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (!claimed) throw invitationInvalid();
    if (setUp && (await ownerCount(tx.db)) > 0) throw ownerExists();

    const [existing] = await tx.db.select().from(users).where(eq(users.email, email)).limit(1).for("update");
    // The set-up link names no address: whoever holds it must not take over an account that has
    // one, by typing its address. A mailed invitation went to the account's own mailbox.
    if (existing && setUp)
      throw invalidInput("email", "An account with this address exists already: choose another address for the owner.");
    // An invitation never takes a role away: demoting an owner is a role change, with its rules.
    if (existing && existing.role === "owner" && link.role !== "owner") throw invitationInvalid();
    let member: StaffMember;
    if (existing) {
      await tx.db
        .update(users)
        .set({ role: link.role, passwordHash, confirmed: true, updatedAt: now })
        .where(eq(users.id, existing.id));
      // A new password ends every session opened with the old one, as a password change does.
      await tx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
      member = { id: existing.id, email, username: existing.username, role: link.role };
    } else {
      member = await newMember(tx.db, { email, username: input.username, role: link.role, passwordHash, now });
    }
    await recordAudit(
      { ...tx, actor: { id: member.id, email: member.email, role: member.role } },
      {
        action: setUp ? "staff.owner_set_up" : "staff.joined",
        entityType: "user",
        entityId: member.id,
        changes: { role: [existing?.role ?? null, member.role], invitation: [null, link.id] },
      },
    );
    return member;
  });
}

async function newMember(
  db: Db,
  input: { email: string; username: string | undefined; role: string; passwordHash: string; now: Date },
): Promise<StaffMember> {
  let username = input.username;
  if (username !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.usernameSkeleton, usernameSkeleton(username))),
      )
      .limit(1);
    if (taken) throw invalidInput("username", USERNAME_TAKEN);
  } else {
    username = await freeUsername(db, input.email.split("@")[0] ?? "");
  }
  const [made] = await db
    .insert(users)
    .values({
      username,
      usernameSkeleton: usernameSkeleton(username),
      email: input.email,
      passwordHash: input.passwordHash,
      confirmed: true,
      role: input.role,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // The name (or the address) was taken by an account made at the same moment.
  if (!made) throw invalidInput("username", USERNAME_TAKEN);
  return { id: made.id, email: input.email, username, role: input.role };
}
