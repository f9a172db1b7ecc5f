import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staffInvitations, users } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { hashCode, isCodeShaped, newCode } from "../accounts/index.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { alreadyInRole, invitationNotFound } from "./errors.ts";
import { INVITATION_LIFETIME_MS, SETUP_LINK_LIFETIME_MS, type StaffAccessKit } from "./kit.ts";
import { invitationMail } from "./mails.ts";
import { requireOwner } from "./owner-only.ts";
import { lockOwners, ownerCount } from "./owners.ts";
import { inviteStaffInput } from "./schemas.ts";
import { isBackOfficeRole } from "./words.ts";

/*
 * Links that let someone join the back office (ADR 59): the owner's set-up link, printed at a
 * start while the shop has no owner, and the invitations the owner mails. Each is 256 random bits
 * (base64url), single use, with an expiry; only its SHA-256 is kept, so a copy of the database
 * holds no working link.
 */

/**
 * A new set-up link (24 hours, single use) while no account is an owner; null once one is. Each
 * start prints its own; links printed before stay valid until they expire or an owner exists.
 */
export async function ownerSetupLink(kit: StaffAccessKit, scope: Scope, now = new Date()): Promise<string | null> {
  return withTransaction(scope, async (tx) => {
    await lockOwners(tx.db);
    if ((await ownerCount(tx.db)) > 0) return null;
    const token = newCode();
    await tx.db.insert(staffInvitations).values({
      tokenHash: hashCode(token),
      email: null,
      role: "owner",
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_LIFETIME_MS),
    });
    return kit.setupLink(token);
  });
}

/**
 * `npm run owner -- <e-mail>`: a link (24 hours, single use) that makes that address an owner,
 * for whoever runs the shop from a terminal, with or without an owner already. The person opening
 * it chooses the password and sets up the authenticator; their joining is audited.
 */
export async function ownerInvitationLink(kit: StaffAccessKit, scope: Scope, raw: unknown, now = new Date()): Promise<string> {
  const { email } = parseInput(inviteStaffInput, { email: raw, role: "owner" });
  return withTransaction(scope, async (tx) => {
    const token = newCode();
    await tx.db.insert(staffInvitations).values({
      tokenHash: hashCode(token),
      email,
      role: "owner",
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_LIFETIME_MS),
    });
    return kit.joinLink(token);
  });
}

/** What an open link stands for. */
export interface InvitationView {
  /** The address it was sent to; null for the owner's set-up link (the person gives theirs). */
  email: string | null;
  role: string;
  expiresAt: Date;
}

/** The open invitation a token names, with its row; undefined for unknown, used, revoked or expired ones. `lock`: FOR UPDATE. */
export async function openInvitation(db: Db, token: unknown, now: Date, options: { lock?: boolean } = {}) {
  if (!isCodeShaped(token)) return undefined;
  const query = db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashCode(token)),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/**
 * What a link stands for (its page), or null when it does not work: a set-up link stops working
 * once the shop has an owner, though it was never used. Changes nothing.
 */
export async function invitation(scope: Scope, token: unknown, now = new Date()): Promise<InvitationView | null> {
  const row = await openInvitation(scope.db, token, now);
  if (!row || (row.email === null && (await ownerCount(scope.db)) > 0)) return null;
  return { email: row.email, role: row.role, expiresAt: row.expiresAt };
}

export interface InvitationSent {
  id: number;
  email: string;
  role: string;
  expiresAt: Date;
}

/**
 * The owner invites someone (an address, a role) for seven days: the mail with the link goes to
 * the outbox in the same transaction, with its audit entry. A newer invitation for the same address
 * replaces the open ones (only the last link mailed works). Someone who has that role already is
 * not invited again; an existing customer account may be (it gets the role when the link is used).
 */
export async function inviteStaff(
  kit: StaffAccessKit,
  scope: StaffScope,
  raw: unknown,
  now = new Date(),
): Promise<InvitationSent> {
  requireOwner(scope);
  const input = parseInput(inviteStaffInput, raw);
  return withTransaction(scope, async (tx) => {
    const [existing] = await tx.db.select({ role: users.role }).from(users).where(eq(users.email, input.email)).limit(1);
    // Someone already on the staff changes role on the staff page (its last-owner rule, its checks).
    if (existing && isBackOfficeRole(existing.role)) throw alreadyInRole(existing.role);
    await tx.db
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt)));
    const token = newCode();
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
    const [made] = await tx.db
      .insert(staffInvitations)
      .values({
        tokenHash: hashCode(token),
        email: input.email,
        role: input.role,
        invitedBy: tx.actor.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: staffInvitations.id });
    const id = made!.id;
    await enqueueMail(
      tx.db,
      invitationMail({ siteName: kit.deps.siteName, to: input.email, role: input.role, link: kit.joinLink(token), expiresAt }),
    );
    kit.mailsWritten(tx);
    await recordAudit(tx, {
      action: "staff.invited",
      entityType: "staff_invitation",
      entityId: id,
      changes: { email: [null, input.email], role: [null, input.role], expiresAt: [null, expiresAt.toISOString()] },
    });
    return { id, email: input.email, role: input.role, expiresAt };
  });
}

/** The owner withdraws an open invitation: its link stops working. INVITATION_NOT_FOUND when none is open by that id. */
export async function revokeInvitation(scope: StaffScope, invitationId: number, now = new Date()): Promise<void> {
  requireOwner(scope);
  await withTransaction(scope, async (tx) => {
    const [revoked] = await tx.db
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.id, invitationId),
          isNotNull(staffInvitations.email),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
    if (!revoked) throw invitationNotFound();
    await recordAudit(tx, {
      action: "staff.invitation_revoked",
      entityType: "staff_invitation",
      entityId: revoked.id,
      changes: { revokedAt: [null, now.toISOString()] },
    });
  });
}

/** Invitations mailed that can still be used, newest first (the staff page); set-up links are not listed. */
export async function openInvitations(db: Db, now = new Date()) {
  return db
    .select({
      id: staffInvitations.id,
      email: sql<string>`${staffInvitations.email}`,
      role: staffInvitations.role,
      invitedBy: staffInvitations.invitedBy,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(
      and(
        isNotNull(staffInvitations.email),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
}
