import { eq, isNull, sql } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockCategory } from "./records.ts";
import { MoveInput } from "./schemas.ts";

/**
 * Moves a category (or a sub-category among its siblings) one place up or down in the menu. The
 * siblings are numbered again 0, 1, 2... in their shown order first, so equal positions (a shop
 * seeded or imported with them) still move one step. At the top or the bottom already: nothing.
 */
export async function moveCategory(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(MoveInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockCategory(tx.db, input.id, input.version);
    const siblings = await tx.db
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId))
      .orderBy(categories.position, categories.name, categories.id)
      .for("update");
    const at = siblings.findIndex((sibling) => sibling.id === row.id);
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    const order = siblings.map((sibling) => sibling.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, id] of order.entries()) {
      const before = siblings.find((sibling) => sibling.id === id)!.position;
      if (before !== position) {
        await tx.db
          .update(categories)
          .set({ position, updatedAt: sql`now()` })
          .where(eq(categories.id, id));
      }
    }
    await audit(tx, {
      action: "category.moved",
      entityType: "category",
      entityId: row.id,
      changes: { place: [at + 1, to + 1] },
    });
  });
}
