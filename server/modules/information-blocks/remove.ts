import { eq } from "drizzle-orm";
import { customInformation } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedBlock, staleBlock } from "./rows.ts";
import { InformationRef } from "./schemas.ts";

/**
 * Deletes a product information block (issue 26 §3, ADR 76), only as the page read it; audited
 * as information.deleted with what it was. (A block that should only be hidden is unpublished.)
 */
export async function removeInformation(scope: StaffScope, raw: unknown, committed: () => void): Promise<void> {
  const { id, version } = parseInput(InformationRef, raw);
  await withTransaction(scope, async (tx) => {
    const row = await lockedBlock(tx.db, id);
    if (row.updatedAt.toISOString() !== version) throw staleBlock(row.updatedAt);
    await tx.db.delete(customInformation).where(eq(customInformation.id, id));
    await recordAudit(tx, {
      action: "information.deleted",
      entityType: "information",
      entityId: id,
      changes: { kind: [row.kind, null], title: [row.title, null], body: [row.body, null] },
    });
  });
  afterCommit(scope, committed);
}
