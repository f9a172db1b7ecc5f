import { eq, sql } from "drizzle-orm";
import { catalogueAttributes } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { diffFields, type StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { EditAttributeInput } from "./schemas.ts";

/** A filter attribute's name (what the shop's filters call it) and kind. */
export async function editAttribute(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(EditAttributeInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const after = { name: input.name, kind: input.kind };
    await tx.db
      .update(catalogueAttributes)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(catalogueAttributes.id, row.id));
    await audit(tx, {
      action: "attribute.updated",
      entityType: "attribute",
      entityId: row.id,
      changes: diffFields(row, after, ["name", "kind"]),
    });
  });
}
