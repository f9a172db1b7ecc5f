import { eq } from "drizzle-orm";
import { mediaFiles } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedMedia } from "./records.ts";
import { dropFileAfterCommit, type FileDeps } from "./replace.ts";
import { MediaRef } from "./schemas.ts";
import { usesOf } from "./uses.ts";

/** How many uses the refusal names before "and n more". */
const NAMED_USES = 5;

/**
 * Deletes an image nothing shows (issue 26 §2), under its version; an image in use is refused
 * (ENTRY_IN_USE, 409) with its uses named, so the editor knows what to change first. Audited as
 * media.deleted with what the record was; the file goes after the commit unless a past order's
 * line still names it (an order keeps showing the product as it was bought).
 */
export async function removeMedia(scope: StaffScope, deps: FileDeps, raw: unknown): Promise<void> {
  const input = parseInput(MediaRef, raw);
  await withTransaction(scope, async (tx) => {
    const row = await lockedMedia(tx.db, input.id, input.version);
    const uses = (await usesOf(tx.db, [row.id])).get(row.id) ?? [];
    if (uses.length > 0) {
      const named = uses.slice(0, NAMED_USES).map((use) => use.label);
      const more = uses.length > NAMED_USES ? ` and ${uses.length - NAMED_USES} more` : "";
      throw new ShopError(
        "ENTRY_IN_USE",
        `This image is still shown: ${named.join("; ")}${more}. Take it out of ${uses.length === 1 ? "that use" : "those uses"} first, or replace its file instead.`,
        { details: { uses: uses.map(({ kind, id, label }) => ({ kind, id, label })) } },
      );
    }
    await tx.db.delete(mediaFiles).where(eq(mediaFiles.id, row.id));
    await recordAudit(tx, {
      action: "media.deleted",
      entityType: "media",
      entityId: row.id,
      changes: { name: [row.name, null], alt: [row.alternativeText, null], path: [row.path, null] },
    });
    dropFileAfterCommit(tx, deps, row.path);
    afterCommit(tx, deps.changed);
  });
}
