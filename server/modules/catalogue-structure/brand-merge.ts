import { eq, sql } from "drizzle-orm";
import { brands, products } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { lockBrand, productsOfBrand, redirectPaths, retarget } from "./records.ts";
import { MergeInput } from "./schemas.ts";
import { brandPath } from "./shared.ts";

/**
 * Merges a brand into another in one transaction: its products move to the other brand, its page
 * (and the old addresses that led to it) answer 301 with the other brand's page, then it is deleted.
 */
export async function mergeBrand(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ products: number }> {
  const input = parseInput(MergeInput, raw);
  if (input.into === input.id) throw new ShopError("INVALID_INPUT", "Choose another brand to merge into.", { field: "into" });
  return inChange(scope, deps, async (tx) => {
    // Both locked, the lower id first, so two merges of one pair cannot wait on each other.
    const low = Math.min(input.id, input.into);
    const lockedLow = await lockBrand(tx.db, low, low === input.id ? input.version : undefined);
    const lockedHigh = await lockBrand(tx.db, Math.max(input.id, input.into), low === input.id ? undefined : input.version);
    const [merged, target] = low === input.id ? [lockedLow, lockedHigh] : [lockedHigh, lockedLow];
    const moved = await productsOfBrand(tx.db, merged.id);
    await tx.db
      .update(products)
      .set({ brandId: target.id, updatedAt: sql`now()` })
      .where(eq(products.brandId, merged.id));
    await retarget(tx.db, "brand", [merged.id], target.id);
    await redirectPaths(tx.db, "brand", [{ fromPath: brandPath(merged.slug), targetId: target.id }]);
    await tx.db
      .update(brands)
      .set({ updatedAt: sql`now()` })
      .where(eq(brands.id, target.id));
    await tx.db.delete(brands).where(eq(brands.id, merged.id));
    dropUploadAfterCommit(tx, deps, merged.logoPath);
    await audit(tx, {
      action: "brand.merged",
      entityType: "brand",
      entityId: merged.id,
      changes: { into: [null, target.slug], products: [null, moved], name: [merged.name, null], slug: [merged.slug, null] },
    });
    await audit(tx, {
      action: "brand.merge_received",
      entityType: "brand",
      entityId: target.id,
      changes: { from: [null, merged.slug], products: [null, moved] },
    });
    return { products: moved };
  });
}
