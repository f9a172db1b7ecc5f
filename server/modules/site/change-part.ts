import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { PART_DEFAULTS } from "./defaults.ts";
import { storedValue } from "./read.ts";
import { applyRowOp, RowOpInput } from "./row-ops.ts";
import { PART_SCHEMAS } from "./schemas.ts";
import type { StoredPart } from "./words.ts";

/** The version a form read (the part's updated_at; empty while nothing is stored). */
export const VersionInput = z.object({ version: z.string().max(40).default("") });

/**
 * A row's next updated_at: now, and always a millisecond past the last one, so two changes in
 * one millisecond still have two versions (a version is compared at millisecond precision).
 */
export const nextVersion = (column: typeof siteSettings.updatedAt) => sql`greatest(now(), ${column} + interval '1 millisecond')`;

export const staleVersion = (what: string, changedAt: string) =>
  new ShopError("STALE_VERSION", `The ${what} changed since the page was read.`, { details: { changedAt } });

/**
 * Saves one part of the site's data (ADR 76): the form's value, checked by the part's schema,
 * refused with STALE_VERSION when the part changed since the form was read, audited as
 * site.changed with the part before and after, in the change's transaction. `committed` runs once
 * it has committed (the caches drop what they hold). Saving what is already there changes nothing
 * and is not audited.
 */
export async function changePart(
  scope: StaffScope,
  part: StoredPart,
  raw: unknown,
  committed: () => void,
): Promise<{ changed: boolean }> {
  const { version } = parseInput(VersionInput, raw);
  const value = parseInput(PART_SCHEMAS[part], raw);
  return savePart(scope, part, version, () => value, committed);
}

/**
 * Moves or removes one row of a part's list as stored ("up:2", "remove:1.3": row-ops.ts), under
 * the same rules as changePart. A row that is not there, or cannot move that way, changes nothing.
 */
export async function changePartRow(
  scope: StaffScope,
  part: StoredPart,
  raw: unknown,
  committed: () => void,
): Promise<{ changed: boolean }> {
  const { version, op } = parseInput(RowOpInput, raw);
  return savePart(
    scope,
    part,
    version,
    (before) => {
      const next = applyRowOp(part, before, op);
      return next === null ? null : parseInput(PART_SCHEMAS[part], next);
    },
    committed,
  );
}

async function savePart(
  scope: StaffScope,
  part: StoredPart,
  version: string,
  valueOf: (before: unknown) => unknown,
  committed: () => void,
): Promise<{ changed: boolean }> {
  const changed = await withTransaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(siteSettings).where(eq(siteSettings.key, part)).for("update");
    const current = row ? row.updatedAt.toISOString() : "";
    if (current !== version) throw staleVersion(part, current);
    const before = row ? storedValue(part, row.value) : PART_DEFAULTS[part];
    const value = valueOf(before);
    if (value === null || JSON.stringify(before) === JSON.stringify(value)) return false;
    if (row) {
      await tx.db
        .update(siteSettings)
        .set({ value, updatedAt: nextVersion(siteSettings.updatedAt) })
        .where(eq(siteSettings.key, part));
    } else {
      // Two first saves at once: the second finds the row taken, and is stale.
      const made = await tx.db.insert(siteSettings).values({ key: part, value }).onConflictDoNothing().returning();
      if (made.length === 0) throw staleVersion(part, "");
    }
    await recordAudit(tx, { action: "site.changed", entityType: "site", entityId: part, changes: { [part]: [before, value] } });
    return true;
  });
  if (changed) afterCommit(scope, committed);
  return { changed };
}
