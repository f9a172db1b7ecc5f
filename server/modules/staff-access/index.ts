import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { hasAuthenticator } from "./authenticator.ts";
import {
  confirmEnrolment,
  newRecoveryCodes,
  requireRecentSecondFactor,
  startEnrolment,
  type ConfirmEnrolment,
  type Enroller,
} from "./enrolment.ts";
import { backOfficeGate, backOfficeSession, mayActOnApi, type GateVisitor } from "./gate.ts";
import { invitation, inviteStaff, ownerInvitationLink, ownerSetupLink, revokeInvitation } from "./invitations.ts";
import { createKit, type StaffAccessDeps } from "./kit.ts";
import { endOwnSession, sessionsOf } from "./own-sessions.ts";
import { verifySecondFactor, type SecondFactorAttempt } from "./second-factor.ts";
import { changeRole, staffList } from "./staff.ts";

export * from "./schemas.ts";
export { SECOND_FACTOR_RULES, type StaffAccessDeps } from "./kit.ts";
export {
  BACK_OFFICE_ROLES,
  isBackOfficeRole,
  mayOpen,
  recentSecondFactor,
  RECHECK_MINUTES,
  type BackOfficeRole,
  type GateState,
} from "./words.ts";
export type { StaffMember } from "./accept-invitation.ts";
export type { ConfirmEnrolment, Enroller, Enrolment } from "./enrolment.ts";
export type { GateVisitor } from "./gate.ts";
export type { InvitationSent, InvitationView } from "./invitations.ts";
export type { OwnSession } from "./own-sessions.ts";
export type { SecondFactorAttempt, SecondFactorProved } from "./second-factor.ts";
export type { RoleChanged, StaffRow } from "./staff.ts";

/**
 * Who may enter the back office, and how (issue 24 §2, ADR 59): the owner's set-up link and the
 * owner's invitations; two factors for every back-office account (TOTP, RFC 6238, with ten
 * single-use recovery codes); the back-office session's gate (enrol, verify, 12 hours, 30 minutes
 * idle); the staff list and roles (the last owner stays); one's own sessions. Use cases take the
 * request's scope first (a StaffScope, with the owner as actor, for staff management) and parse
 * raw input with the module's schemas; `now` is for tests.
 */
export function createStaffAccess(deps: StaffAccessDeps) {
  const kit = createKit(deps);
  return {
    /** A new set-up link (24 h, single use) while the shop has no owner; null once it has. */
    ownerSetupLink: (scope: Scope, now?: Date) => ownerSetupLink(kit, scope, now),
    /** `npm run owner -- <e-mail>`: a join link that makes that address an owner. */
    ownerInvitationLink: (scope: Scope, email: unknown, now?: Date) => ownerInvitationLink(kit, scope, email, now),
    /** What a set-up or invitation link stands for, or null when it does not work. */
    invitation: (scope: Scope, token: unknown, now?: Date) => invitation(scope, token, now),
    /** Uses a link: makes the account (or gives an existing one the role and password); audited. */
    acceptInvitation: (scope: Scope, raw: unknown, now?: Date) => acceptInvitation(scope, raw, now),

    /** A new authenticator secret waiting for its first code (QR code and text). */
    startEnrolment: (scope: Scope, who: Enroller, now?: Date) => startEnrolment(kit, scope, who, now),
    /** The app's first code makes the waiting secret the account's; answers ten new recovery codes. */
    confirmEnrolment: (scope: Scope, input: ConfirmEnrolment, now?: Date) => confirmEnrolment(kit, scope, input, now),
    /** A session proves the second factor with the app's code or a recovery code. */
    verifySecondFactor: (scope: Scope, attempt: SecondFactorAttempt, now?: Date) => verifySecondFactor(kit, scope, attempt, now),
    /** Ten new recovery codes (the old ones gone); needs a second factor proved within 10 minutes. */
    newRecoveryCodes: (scope: Scope, who: Enroller, now?: Date) => newRecoveryCodes(kit, scope, who, now),
    hasAuthenticator,

    /**
     * Where the session stands at the back office's door; ends it when its back-office time is over.
     * `passive`: a check that is not the person's doing (a pushed event) leaves the idle time running.
     */
    backOfficeGate: (scope: Scope, visitor: GateVisitor, now?: Date, passive?: boolean) =>
      backOfficeGate(kit, scope, visitor, now, passive),
    /**
     * A staff change through the APIs: a back-office account needs the back office's gate open in
     * this session (its second factor proved); an account with a scope given alone does not.
     */
    mayActOnApi: (scope: Scope, visitor: GateVisitor, now?: Date) => mayActOnApi(kit, scope, visitor, now),
    /** The session's second-factor and back-office times (for recentSecondFactor). */
    backOfficeSession,
    /** Refuses with SECOND_FACTOR_REQUIRED unless the session proved its second factor within 10 minutes. */
    requireRecentSecondFactor: (scope: Scope, who: Enroller, now?: Date) => requireRecentSecondFactor(scope.db, who, now),

    /** The owner invites someone with a role; the mail goes through the outbox. */
    inviteStaff: (scope: StaffScope, raw: unknown, now?: Date) => inviteStaff(kit, scope, raw, now),
    /** The owner withdraws an open invitation. */
    revokeInvitation: (scope: StaffScope, invitationId: number, now?: Date) => revokeInvitation(scope, invitationId, now),
    /** The staff (accounts with a back-office role) and the open invitations. */
    staffList,
    /** The owner changes a staff member's role (customer: off the staff); the last owner stays one. */
    changeRole: (scope: StaffScope, raw: unknown, now?: Date) => changeRole(scope, raw, now),

    /** The account's open sessions, the current one marked. */
    sessionsOf,
    /** Ends one of the account's own sessions. */
    endSession: (scope: Scope, userId: number, sessionId: string, now?: Date) => endOwnSession(scope, userId, sessionId, now),
  };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
