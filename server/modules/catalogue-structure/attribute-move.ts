import { eq, sql } from "drizzle-orm";
import { catalogueAttributes } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { MoveInput } from "./schemas.ts";

/** Moves a filter attribute one place up or down among the filters (numbered again 0, 1, 2... first). */
export async function moveAttribute(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(MoveInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const all = await tx.db
      .select({ id: catalogueAttributes.id, position: catalogueAttributes.position })
      .from(catalogueAttributes)
      .orderBy(catalogueAttributes.position, catalogueAttributes.name, catalogueAttributes.id)
      .for("update");
    const at = all.findIndex((attribute) => attribute.id === row.id);
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= all.length) return;
    const order = all.map((attribute) => attribute.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, id] of order.entries()) {
      if (all.find((attribute) => attribute.id === id)!.position !== position) {
        await tx.db
          .update(catalogueAttributes)
          .set({ position, updatedAt: sql`now()` })
          .where(eq(catalogueAttributes.id, id));
      }
    }
    await audit(tx, {
      action: "attribute.moved",
      entityType: "attribute",
      entityId: row.id,
      changes: { place: [at + 1, to + 1] },
    });
  });
}
