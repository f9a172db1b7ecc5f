import { eq } from "drizzle-orm";
import { brands } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { dropRedirectsTo, lockBrand, productsOfBrand } from "./records.ts";
import { VersionedIdInput } from "./schemas.ts";
import { productCount } from "./shared.ts";

/** Deletes a brand without products; one with products is refused, saying how many (merge it instead). */
export async function deleteBrand(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(VersionedIdInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockBrand(tx.db, input.id, input.version);
    const count = await productsOfBrand(tx.db, row.id);
    if (count > 0) {
      throw new ShopError(
        "ENTRY_IN_USE",
        `${row.name} has ${productCount(count)}, so it cannot be deleted: move them to another brand first, or merge this brand into another.`,
        { details: { products: count } },
      );
    }
    await dropRedirectsTo(tx.db, "brand", [row.id]);
    await tx.db.delete(brands).where(eq(brands.id, row.id));
    dropUploadAfterCommit(tx, deps, row.logoPath);
    await audit(tx, {
      action: "brand.deleted",
      entityType: "brand",
      entityId: row.id,
      changes: { name: [row.name, null], slug: [row.slug, null] },
    });
  });
}
