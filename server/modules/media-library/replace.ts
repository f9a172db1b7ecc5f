import { eq } from "drizzle-orm";
import { mediaFiles } from "../../db/schema/index.ts";
import { afterCommit, afterCommitOn, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import type { Uploads } from "../media/index.ts";
import { fileStillNamed, lockedMedia, mediaNotFound, staleMedia, versionOf } from "./records.ts";
import { nextVersion } from "./records.ts";
import { MediaRef } from "./schemas.ts";
import { MEDIA_FILE_FIELD, type MediaUseKind } from "./shared.ts";
import { usesOf } from "./uses.ts";

export interface FileDeps {
  uploads?: Uploads;
  /** Told once a change has committed: the catalogue's, the news' and the pages' caches follow. */
  changed: () => void;
  /** An old file that could not be deleted after the change committed. */
  onCleanupError: (error: unknown) => void;
}

/** Deletes the file `path` once the change has committed, unless something else still names it. */
export function dropFileAfterCommit(tx: StaffScope, deps: FileDeps, path: string) {
  const uploads = deps.uploads;
  if (!uploads) return;
  afterCommitOn(tx.db, (db) => {
    fileStillNamed(db, path)
      .then((named) => (named ? undefined : uploads.remove(path)))
      .catch(deps.onCleanupError);
  });
}

/** The catalogue's kinds of use: its pictures are the catalogue's staff's to change (ADR 78). */
const CATALOGUE_USES: readonly MediaUseKind[] = ["product", "category", "brand"];

/**
 * An editor may replace the newsroom's images, but not one the catalogue shows: a product's
 * photos, a category's picture and a brand's logo are changed by staff and the owner only, as
 * every other catalogue change is.
 */
async function refuseCatalogueChangeByEditor(scope: StaffScope, id: number): Promise<void> {
  if (scope.actor.role === "owner" || scope.actor.role === "staff") return;
  const uses = (await usesOf(scope.db, [id])).get(id) ?? [];
  if (uses.some((use) => CATALOGUE_USES.includes(use.kind)))
    throw new ShopError("FORBIDDEN", "This image is shown by the catalogue: staff or the owner replace it.");
}

/**
 * Puts a new file in place of an image's (issue 26 §2): the record stays, so every use follows —
 * the news covers and pages that name it read its new path, and the database carries the path to
 * the product images, categories and brands that show it (migration 0026's trigger), in this
 * transaction. The description and name stay; the version moves on; audited as media.replaced.
 * The new file goes through the upload use case; the old one is deleted after the commit unless a
 * past order's line (or anything else) still names it.
 */
export async function replaceMedia(scope: StaffScope, deps: FileDeps, raw: unknown, file: unknown): Promise<{ version: string }> {
  const input = parseInput(MediaRef, raw);
  if (!deps.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
  const uploads = deps.uploads;
  // A stale page or a deleted image is said before any file is decoded; checked again under the lock.
  const [before] = await scope.db.select({ updatedAt: mediaFiles.updatedAt }).from(mediaFiles).where(eq(mediaFiles.id, input.id));
  if (!before) throw mediaNotFound();
  if (versionOf(before.updatedAt) !== input.version) throw staleMedia(before.updatedAt);

  const image = await uploads.store("library", file, MEDIA_FILE_FIELD);
  try {
    return await withTransaction(scope, async (tx) => {
      const row = await lockedMedia(tx.db, input.id, input.version);
      await refuseCatalogueChangeByEditor(tx, row.id);
      const [updated] = await tx.db
        .update(mediaFiles)
        .set({
          path: image.src,
          mime: "image/webp",
          width: image.width,
          height: image.height,
          size: image.bytes,
          updatedAt: nextVersion,
        })
        .where(eq(mediaFiles.id, row.id))
        .returning({ updatedAt: mediaFiles.updatedAt });
      await recordAudit(tx, {
        action: "media.replaced",
        entityType: "media",
        entityId: row.id,
        changes: {
          path: [row.path, image.src],
          width: [row.width, image.width],
          height: [row.height, image.height],
          size: [row.size, image.bytes],
        },
      });
      dropFileAfterCommit(tx, deps, row.path);
      afterCommit(tx, deps.changed);
      return { version: versionOf(updated!.updatedAt) };
    });
  } catch (error) {
    await uploads.remove(image.src).catch(() => {});
    throw error;
  }
}
