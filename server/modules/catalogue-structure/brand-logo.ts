import { eq, sql } from "drizzle-orm";
import { brands } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { storeImage, type StoredUpload } from "./images.ts";
import { lockBrand } from "./records.ts";
import { VersionedIdInput } from "./schemas.ts";

/**
 * A brand's logo: an upload re-encoded and stripped by the media module (ADR 46), replacing the
 * one before (an uploaded one's file goes once the change has committed; the demo's drawn logos
 * in the media folder stay).
 */
export async function setBrandLogo(scope: StaffScope, deps: StructureDeps, raw: unknown, file: unknown): Promise<void> {
  const input = parseInput(VersionedIdInput, raw);
  await storeImage(deps, file, "logo", (upload) => changeLogo(scope, deps, input, upload));
}

export async function removeBrandLogo(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  await changeLogo(scope, deps, parseInput(VersionedIdInput, raw), null);
}

function changeLogo(
  scope: StaffScope,
  deps: StructureDeps,
  input: { id: number; version?: string | undefined },
  upload: StoredUpload | null,
) {
  return inChange(scope, deps, async (tx) => {
    const row = await lockBrand(tx.db, input.id, input.version);
    const path = upload?.path ?? null;
    await tx.db
      .update(brands)
      // The upload is a record of the media library (ADR 78), which the row names.
      .set({ logoPath: path, logoMediaId: upload ? await upload.record(tx.db, row.name) : null, updatedAt: sql`now()` })
      .where(eq(brands.id, row.id));
    if (row.logoPath !== path) dropUploadAfterCommit(tx, deps, row.logoPath);
    await audit(tx, {
      action: path ? "brand.logo_set" : "brand.logo_removed",
      entityType: "brand",
      entityId: row.id,
      changes: { logoPath: [row.logoPath, path] },
    });
  });
}
