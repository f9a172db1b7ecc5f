import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { featureFlags } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { staleVersion } from "./change-part.ts";
import { KNOWN_FLAGS } from "./flag-words.ts";

/** Turning a flag on or off: its key, the state asked for, the version the page read ("" for a known flag without a row). */
export const FlagInput = z.object({
  key: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, "Not a flag's key."),
  enabled: z.union([
    z.boolean(),
    z
      .enum(["on", "off", "true", "false"], { error: "Choose on or off." })
      .transform((value) => value === "on" || value === "true"),
  ]),
  version: z.string().max(40).default(""),
});

/**
 * Turns a feature flag on or off (ADR 76): refused with STALE_VERSION when the flag changed since
 * the page was read, audited as feature-flag.changed in the change's transaction; `committed` runs
 * once it has committed. A known flag the shop has no row for gets one; an unknown key is refused.
 */
export async function setFlag(scope: StaffScope, raw: unknown, committed: () => void): Promise<{ changed: boolean }> {
  const { key, enabled, version } = parseInput(FlagInput, raw);
  const changed = await withTransaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(featureFlags).where(eq(featureFlags.key, key)).for("update");
    const known = KNOWN_FLAGS.find((flag) => flag.key === key);
    if (!row && !known) throw new ShopError("ENTRY_NOT_FOUND", "The shop has no such flag.");
    const current = row ? row.updatedAt.toISOString() : "";
    if (current !== version) throw staleVersion(`flag ${key}`, current);
    const before = row ? row.enabled : known!.initially;
    if (before === enabled) return false;
    if (row) {
      await tx.db
        .update(featureFlags)
        .set({ enabled, updatedAt: sql`greatest(now(), ${featureFlags.updatedAt} + interval '1 millisecond')` })
        .where(eq(featureFlags.key, key));
    } else {
      const made = await tx.db
        .insert(featureFlags)
        .values({ key, enabled, description: known!.label })
        .onConflictDoNothing()
        .returning({ key: featureFlags.key });
      if (made.length === 0) throw staleVersion(`flag ${key}`, "");
    }
    await recordAudit(tx, {
      action: "feature-flag.changed",
      entityType: "feature-flag",
      entityId: key,
      changes: { enabled: [before, enabled] },
    });
    return true;
  });
  if (changed) afterCommit(scope, committed);
  return { changed };
}
