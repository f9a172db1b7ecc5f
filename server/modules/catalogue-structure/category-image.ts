import { eq, sql } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { storeImage, type StoredUpload } from "./images.ts";
import { lockCategory } from "./records.ts";
import { VersionedIdInput } from "./schemas.ts";

/**
 * A category's picture: an upload, re-encoded and stripped of its metadata by the media module
 * (ADR 46), replacing the drawn artwork or the picture before (whose file goes once the change
 * has committed). A picture stored for a change that is then refused is removed again.
 */
export async function setCategoryImage(scope: StaffScope, deps: StructureDeps, raw: unknown, file: unknown): Promise<void> {
  const input = parseInput(VersionedIdInput, raw);
  await storeImage(deps, file, "image", (upload) => changeImage(scope, deps, input, upload));
}

/** Back to the drawn artwork. */
export async function removeCategoryImage(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  await changeImage(scope, deps, parseInput(VersionedIdInput, raw), null);
}

function changeImage(
  scope: StaffScope,
  deps: StructureDeps,
  input: { id: number; version?: string | undefined },
  upload: StoredUpload | null,
) {
  return inChange(scope, deps, async (tx) => {
    const row = await lockCategory(tx.db, input.id, input.version);
    const path = upload?.path ?? null;
    await tx.db
      .update(categories)
      // The upload is a record of the media library (ADR 78), which the row names.
      .set({ imagePath: path, imageMediaId: upload ? await upload.record(tx.db, row.name) : null, updatedAt: sql`now()` })
      .where(eq(categories.id, row.id));
    if (row.imagePath !== path) dropUploadAfterCommit(tx, deps, row.imagePath);
    await audit(tx, {
      action: path ? "category.image_set" : "category.image_removed",
      entityType: "category",
      entityId: row.id,
      changes: { imagePath: [row.imagePath, path] },
    });
  });
}
