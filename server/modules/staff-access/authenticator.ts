import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { staffAuthenticators } from "../../db/schema/index.ts";
import type { StaffAccessKit } from "./kit.ts";

/*
 * An account's authenticator row (ADR 59). The table has one row per account, but re-enrolling
 * from the account page must leave the confirmed secret in force until the new one is confirmed.
 * So the sealed `secret` column holds both: the secret in force (`active`, which `confirmedAt`
 * and `lastStep` belong to) and the one waiting for its first code (`pending`). Both are sealed
 * together (secret-box.ts); nothing outside this file reads the column.
 */

const secrets = z.object({
  /** Base32; the secret in force, or null before the first enrolment is confirmed. */
  active: z.string().nullable(),
  /** Base32; the enrolment waiting for its first code, or null. */
  pending: z.string().nullable(),
});

export type AuthenticatorSecrets = z.infer<typeof secrets>;

export interface Authenticator extends AuthenticatorSecrets {
  userId: number;
  confirmedAt: Date | null;
  lastStep: number | null;
}

/** The account's authenticator with its secrets opened; null when it has none. `lock`: FOR UPDATE. */
export async function readAuthenticator(
  kit: StaffAccessKit,
  db: Db,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<Authenticator | null> {
  const query = db.select().from(staffAuthenticators).where(eq(staffAuthenticators.userId, userId)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  return { userId, confirmedAt: row.confirmedAt, lastStep: row.lastStep, ...openSecrets(kit, row.secret, userId) };
}

/**
 * The sealed secrets, or none when they do not open: sealed under another shop secret (it was
 * changed) or tampered with. No code then matches, and a recovery code and a new enrolment are
 * the way back in, as for a lost phone.
 */
function openSecrets(kit: StaffAccessKit, sealed: string, userId: number): AuthenticatorSecrets {
  try {
    return secrets.parse(JSON.parse(kit.box.open(sealed, userId)));
  } catch {
    return { active: null, pending: null };
  }
}

export function sealSecrets(kit: StaffAccessKit, userId: number, value: AuthenticatorSecrets): string {
  return kit.box.seal(JSON.stringify(value), userId);
}

/** True when the account has a confirmed authenticator. */
export async function hasAuthenticator(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: staffAuthenticators.confirmedAt })
    .from(staffAuthenticators)
    .where(eq(staffAuthenticators.userId, userId))
    .limit(1);
  return row?.confirmedAt != null;
}
