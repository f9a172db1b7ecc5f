import { asc, eq, sql } from "drizzle-orm";
import { customInformation } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedBlock, staleBlock } from "./rows.ts";
import { InformationMove } from "./schemas.ts";

/**
 * Moves a block a place up or down in the order product pages show them (issue 26 §3, ADR 76):
 * the blocks are numbered afresh in their order (seeded blocks may share a position) and the two
 * swap. Only as the page read the block; audited as information.moved. At either end, nothing moves.
 */
export async function moveInformation(scope: StaffScope, raw: unknown, committed: () => void): Promise<{ moved: boolean }> {
  const { id, version, direction } = parseInput(InformationMove, raw);
  const moved = await withTransaction(scope, async (tx) => {
    const row = await lockedBlock(tx.db, id);
    if (row.updatedAt.toISOString() !== version) throw staleBlock(row.updatedAt);
    const order = await tx.db
      .select({ id: customInformation.id, position: customInformation.position })
      .from(customInformation)
      .orderBy(asc(customInformation.position), asc(customInformation.id))
      .for("update");
    const at = order.findIndex((block) => block.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return false;
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, block] of order.entries()) {
      const touched = block.id === id || position === at;
      await tx.db
        .update(customInformation)
        .set({
          position,
          // The two that swapped get a new version; the others keep theirs (only their numbers changed).
          ...(touched ? { updatedAt: sql`greatest(now(), ${customInformation.updatedAt} + interval '1 millisecond')` } : {}),
        })
        .where(eq(customInformation.id, block.id));
    }
    await recordAudit(tx, {
      action: "information.moved",
      entityType: "information",
      entityId: id,
      changes: { position: [at, to] },
    });
    return true;
  });
  if (moved) afterCommit(scope, committed);
  return { moved };
}
