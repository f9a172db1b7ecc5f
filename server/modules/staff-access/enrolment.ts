import { and, eq } from "drizzle-orm";
import { toString as qrCode } from "qrcode";
import type { Db } from "../../db/client.ts";
import { isStaffScope, recordAudit } from "../audit/index.ts";
import { sessions, staffAuthenticators, users } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { readAuthenticator, sealSecrets } from "./authenticator.ts";
import { base32Decode, base32Encode } from "./base32.ts";
import { codeAttempt } from "./code-attempt.ts";
import { noEnrolment, secondFactorRequired, staffNotFound, wrongCode } from "./errors.ts";
import type { StaffAccessKit } from "./kit.ts";
import { replaceRecoveryCodes } from "./recovery-codes.ts";
import { codeInput } from "./schemas.ts";
import { markSecondFactor } from "./session-marks.ts";
import { matchTotp, newTotpSecret, TOTP } from "./totp.ts";
import { isBackOfficeRole, recentSecondFactor } from "./words.ts";

/*
 * Setting up the authenticator (ADR 59): a new secret shown once as a QR code and as text, which
 * becomes the account's when the app's first code is entered; ten recovery codes come with it.
 * Re-enrolling leaves the confirmed secret in force until the new one is confirmed.
 */

export interface Enrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code, an SVG document to put in the page as it is. */
  qrSvg: string;
}

/** Who enrols: the account, and the session it does so in. */
export interface Enroller {
  userId: number;
  sessionId: string;
}

/**
 * A secret waiting for its first code: the one already waiting, else a new one. An account that has a
 * confirmed authenticator must have proved it within the last 10 minutes in this session (a
 * stolen session must not swap the authenticator): else SECOND_FACTOR_REQUIRED.
 */
export async function startEnrolment(kit: StaffAccessKit, scope: Scope, who: Enroller, now = new Date()): Promise<Enrolment> {
  let secret = base32Encode(newTotpSecret());
  const email = await withTransaction(scope, async (tx) => {
    const user = await backOfficeUser(tx.db, who.userId);
    const current = await readAuthenticator(kit, tx.db, who.userId, { lock: true });
    if (current?.confirmedAt) await requireRecentSecondFactor(tx.db, who, now);
    // A secret already waiting is shown again: the page reloaded, or answered a wrong code
    // without JavaScript, after the app had scanned it. A new one would leave the app useless.
    if (current?.pending) {
      secret = current.pending;
      return user.email;
    }
    const sealed = sealSecrets(kit, who.userId, { active: current?.active ?? null, pending: secret });
    if (current)
      await tx.db.update(staffAuthenticators).set({ secret: sealed }).where(eq(staffAuthenticators.userId, who.userId));
    else await tx.db.insert(staffAuthenticators).values({ userId: who.userId, secret: sealed });
    return user.email;
  });
  const otpauthUri = otpauthUriOf(kit.deps.siteName, email, secret);
  return { secret, otpauthUri, qrSvg: await qrCode(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 }) };
}

/** Google's Key Uri Format, which every authenticator app reads: issuer as label prefix and as a parameter. */
export function otpauthUriOf(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = `secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=${TOTP.algorithm}&digits=${TOTP.digits}&period=${TOTP.periodSeconds}`;
  return `otpauth://totp/${label}?${params}`;
}

export interface ConfirmEnrolment {
  userId: number;
  /** The session enrolling: marked as having proved the second factor (the code just entered is one). */
  sessionId?: string;
  code: unknown;
}

/**
 * The app's first code makes the waiting secret the account's authenticator (the code's step is
 * used: it cannot be entered again to sign in) and replaces the recovery codes with ten new ones,
 * answered in the clear this once. Wrong codes count towards the code limits.
 */
export async function confirmEnrolment(
  kit: StaffAccessKit,
  scope: Scope,
  input: ConfirmEnrolment,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseInput(codeInput, { code: input.code });
  return codeAttempt(kit, scope, input.userId, () =>
    withTransaction(scope, async (tx) => {
      const current = await readAuthenticator(kit, tx.db, input.userId, { lock: true });
      if (!current?.pending) throw noEnrolment();
      const step = matchTotp(base32Decode(current.pending), code.replace(/\s/g, ""), now, null);
      if (step === null) throw wrongCode();
      await tx.db
        .update(staffAuthenticators)
        .set({
          secret: sealSecrets(kit, input.userId, { active: current.pending, pending: null }),
          confirmedAt: now,
          lastStep: step,
        })
        .where(eq(staffAuthenticators.userId, input.userId));
      const recoveryCodes = await replaceRecoveryCodes(tx.db, input.userId);
      if (input.sessionId) await markSecondFactor(tx.db, input.userId, input.sessionId, now);
      // A new authenticator replacing one is a change to the account's sign-in worth finding later.
      if (isStaffScope(tx) && current.confirmedAt)
        await recordAudit(tx, { action: "staff.authenticator-replaced", entityType: "staff", entityId: input.userId });
      return { recoveryCodes };
    }),
  );
}

/** Ten new recovery codes, the old ones gone; needs the second factor proved in this session within 10 minutes. */
export async function newRecoveryCodes(kit: StaffAccessKit, scope: Scope, who: Enroller, now = new Date()): Promise<string[]> {
  return withTransaction(scope, async (tx) => {
    const current = await readAuthenticator(kit, tx.db, who.userId, { lock: true });
    if (!current?.confirmedAt) throw noEnrolment();
    await requireRecentSecondFactor(tx.db, who, now);
    if (isStaffScope(tx))
      await recordAudit(tx, { action: "staff.recovery-codes-renewed", entityType: "staff", entityId: who.userId });
    return replaceRecoveryCodes(tx.db, who.userId);
  });
}

async function backOfficeUser(db: Db, userId: number) {
  const [user] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !isBackOfficeRole(user.role)) throw staffNotFound();
  return user;
}

/** Refuses (SECOND_FACTOR_REQUIRED) unless the account's session proved its second factor within 10 minutes. */
export async function requireRecentSecondFactor(db: Db, who: Enroller, now = new Date()): Promise<void> {
  const [session] = await db
    .select({ secondFactorAt: sessions.secondFactorAt })
    .from(sessions)
    .where(and(eq(sessions.id, who.sessionId), eq(sessions.userId, who.userId)))
    .limit(1);
  if (!session || !recentSecondFactor(session, now)) throw secondFactorRequired();
}
