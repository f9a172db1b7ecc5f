import { eq } from "drizzle-orm";
import { catalogueAttributes } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { productsUsing } from "./attribute-usage.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { VersionedIdInput } from "./schemas.ts";
import { productCount } from "./shared.ts";

/** Deletes a filter attribute no product uses; one in use is refused, saying by how many. */
export async function deleteAttribute(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(VersionedIdInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const count = await productsUsing(tx.db, row.key);
    if (count > 0) {
      throw new ShopError(
        "ENTRY_IN_USE",
        `${productCount(count)} use ${row.name}, so it cannot be deleted: remove it from them first.`,
        {
          details: { products: count },
        },
      );
    }
    await tx.db.delete(catalogueAttributes).where(eq(catalogueAttributes.id, row.id));
    await audit(tx, {
      action: "attribute.deleted",
      entityType: "attribute",
      entityId: row.id,
      changes: { key: [row.key, null], name: [row.name, null], values: [row.values, null] },
    });
  });
}
