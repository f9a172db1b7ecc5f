import { remove as withoutConfusables } from "confusables";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { newSessionId } from "./codes.ts";
import { isUniqueViolation } from "./users.ts";

/*
 * User names (issue 10): written in NFKC, so a name typed with full-width or compatibility
 * characters is the name it shows; and refused when it looks like a name already taken. What a
 * name looks like is its skeleton: NFKC, every character that is a known look-alike of another
 * replaced by that one (Unicode's confusables, as the `confusables` package maps them: a Cyrillic
 * "а" is an "a", an accented "é" an "e"), lower case. The skeleton is unique in the database.
 */

/** The user name as it is stored: NFKC, trimmed. */
export function normalUsername(name: string): string {
  return name.normalize("NFKC").trim();
}

/**
 * Look-alikes within the characters a user name may hold that Unicode's table leaves alone (it
 * maps other scripts onto Latin, not Latin onto itself): a capital I passes for a small l, 1 for l,
 * 0 for o, and "rn" or "vv" for "m" or "w" in many fonts. Applied before lower case, for the I.
 */
const LATIN_LOOKALIKES: readonly [RegExp, string][] = [
  [/I/g, "l"],
  [/1/g, "l"],
  [/0/g, "o"],
  [/rn/gi, "m"],
  [/vv/gi, "w"],
];

/** What a user name looks like: names with one skeleton pass for one another. */
export function usernameSkeleton(name: string): string {
  let skeleton = withoutConfusables(normalUsername(name)).normalize("NFKC");
  for (const [pattern, replacement] of LATIN_LOOKALIKES) skeleton = skeleton.replace(pattern, replacement);
  return skeleton.toLowerCase();
}

/**
 * A user name from `wish` (a provider's name, an address's local part) for an account the shop
 * makes itself: cleaned to what a user name may hold, at least 3 characters ("keeper" fills in),
 * and, if it or a look-alike is taken, numbered. Read in `db`, so a name taken at the same moment
 * can still clash on insert: callers that insert it retry on that.
 */
export async function freeUsername(db: Db, wish: string): Promise<string> {
  const base =
    wish
      .normalize("NFKC")
      .replace(/[^\p{L}\p{N}._-]+/gu, "")
      .replace(/^[._-]+/, "")
      .slice(0, 24) || "keeper";
  const padded = base.length >= 3 ? base : `${base}keeper`.slice(0, 24);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 ? padded : `${padded}${Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 6))}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        or(sql`lower(${users.username}) = ${candidate.toLowerCase()}`, eq(users.usernameSkeleton, usernameSkeleton(candidate))),
      )
      .limit(1);
    if (!taken) return candidate;
  }
  return `keeper-${newSessionId().slice(0, 10)}`;
}

/**
 * Gives accounts made before skeletons their skeleton, a batch at a time (at start), and writes
 * their names in NFKC as logins now read them (a full-width name could not log in by name
 * otherwise). Two old names that look alike keep their accounts: the second keeps its name as it
 * was and gets no skeleton; only new names are refused.
 */
export async function fillUsernameSkeletons(db: Db): Promise<number> {
  let filled = 0;
  // Walks the ids upwards, so a name left without a skeleton (a look-alike) is not read again.
  for (let after = 0; ;) {
    const batch = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(500);
    if (batch.length === 0) return filled;
    for (const user of batch) {
      try {
        await db
          .update(users)
          .set({ username: normalUsername(user.username), usernameSkeleton: usernameSkeleton(user.username) })
          .where(and(eq(users.id, user.id), isNull(users.usernameSkeleton)));
        filled++;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    after = batch[batch.length - 1]!.id;
  }
}
