import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { paramsOf } from "../back-office/index.ts";
import type { BulkDeps } from "./deps.ts";
import { describeChange } from "./describe.ts";
import { plannedEdit } from "./facts.ts";
import type { BulkCounts, BulkPlan } from "./plan.ts";
import { bulkSchemas } from "./schemas.ts";
import { touchProducts, writeOptions, writeProducts } from "./write.ts";

/*
 * Applying a previewed bulk edit (ADR 71), in one transaction: the selection is resolved again,
 * the products locked (then their options), the edit planned again, and written only when the plan
 * is the one previewed (its fingerprint covers every product's version, so any change to one of
 * them since the preview refuses the whole edit: STALE_VERSION, 409). Refused rows are left as
 * they are. One audit entry holds every row that changed (product, option and field: old -> new);
 * the catalogue's caches are dropped after the commit.
 */

export const BULK_AUDIT_ACTION = "product.bulk_edited";
export const BULK_AUDIT_ENTITY = "product_bulk";

/** The audit entry's changes: what was done, the counts, and a row for each field changed. */
function auditChanges(what: string, plan: BulkPlan): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {
    action: [null, what],
    products: [null, plan.counts.products],
    options: [null, plan.counts.options],
    refused: [null, plan.counts.refused],
  };
  for (const line of plan.lines) {
    if (line.outcome !== "change") continue;
    const row = line.option ? `product ${line.productId} option ${line.option.sku}` : `product ${line.productId}`;
    for (const change of line.changes) changes[`${row} ${change.key}`] = [change.from, change.to];
  }
  return changes;
}

export async function applyBulk(
  scope: StaffScope,
  deps: BulkDeps,
  raw: unknown,
  now = new Date(),
): Promise<{ what: string; counts: BulkCounts }> {
  const input = parseInput(bulkSchemas(deps.currency).applyInput, paramsOf(raw));
  const lowStockAt = await deps.lowStockAt(scope.db);
  return withTransaction(scope, async (tx) => {
    const { plan, places } = await plannedEdit(tx.db, input, {
      currency: deps.currency,
      now,
      lowStockAt,
      lock: true,
      maxProducts: deps.maxProducts,
    });
    if (plan.fingerprint !== input.fingerprint) {
      throw new ShopError(
        "STALE_VERSION",
        "These products changed since the preview (or other products match the filter now): check the preview as it is now, then apply it.",
      );
    }
    if (plan.optionWrites.length === 0 && plan.productWrites.length === 0) {
      throw new ShopError("INVALID_INPUT", "Nothing would change: there is nothing to apply.", { field: "action" });
    }
    await writeOptions(tx.db, plan.optionWrites, deps.writeBatch);
    await writeProducts(tx.db, plan.productWrites, now, deps.writeBatch);
    const changed = [...new Set([...plan.productWrites.map((row) => row.id), ...plan.optionWrites.map((row) => row.productId)])];
    await touchProducts(
      tx.db,
      changed.sort((a, b) => a - b),
      deps.writeBatch,
    );
    const what = describeChange(input.change, deps.currency, places);
    await recordAudit(tx, {
      action: BULK_AUDIT_ACTION,
      entityType: BULK_AUDIT_ENTITY,
      // The plan applied: the same as the preview's, so the entry names what the owner saw.
      entityId: plan.fingerprint.slice(0, 16),
      changes: auditChanges(what, plan),
    });
    afterCommit(tx, deps.invalidate);
    return { what, counts: plan.counts };
  });
}
