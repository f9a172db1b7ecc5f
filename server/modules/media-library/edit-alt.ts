import { and, eq } from "drizzle-orm";
import { mediaFiles, productImages } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedMedia, nextVersion, versionOf } from "./records.ts";
import { AltInput } from "./schemas.ts";

/**
 * Changes an image's description (alt text) under its version (409 on a stale page), audited as
 * media.alt-changed. News covers and pages read the record's text, so they follow at once; a
 * product gallery keeps a text of its own per image (ADR 65), which follows only while it is still
 * the library's old text: a text written for that product in its gallery stays the gallery's.
 */
export async function editMediaAlt(scope: StaffScope, changed: () => void, raw: unknown): Promise<{ version: string }> {
  const input = parseInput(AltInput, raw);
  return withTransaction(scope, async (tx) => {
    const row = await lockedMedia(tx.db, input.id, input.version);
    if (row.alternativeText === input.alt) return { version: versionOf(row.updatedAt) };
    const [updated] = await tx.db
      .update(mediaFiles)
      .set({ alternativeText: input.alt, updatedAt: nextVersion })
      .where(eq(mediaFiles.id, row.id))
      .returning({ updatedAt: mediaFiles.updatedAt });
    const galleries = await tx.db
      .update(productImages)
      .set({ alt: input.alt })
      .where(and(eq(productImages.mediaId, row.id), eq(productImages.alt, row.alternativeText)))
      .returning({ id: productImages.id });
    await recordAudit(tx, {
      action: "media.alt-changed",
      entityType: "media",
      entityId: row.id,
      changes: { alt: [row.alternativeText, input.alt], productImages: [null, galleries.map((image) => image.id)] },
    });
    afterCommit(tx, changed);
    return { version: versionOf(updated!.updatedAt) };
  });
}
