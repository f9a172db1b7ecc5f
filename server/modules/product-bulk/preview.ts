import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { paramsOf } from "../back-office/index.ts";
import { describeChange } from "./describe.ts";
import { plannedEdit } from "./facts.ts";
import type { BulkCounts, BulkLine } from "./plan.ts";
import { bulkSchemas } from "./schemas.ts";
import type { BulkDeps } from "./deps.ts";

/** What a bulk edit would do, as the preview shows it; nothing changes. */
export interface BulkPreview {
  /** The change in words: "Change the price by a percentage: -10 %". */
  what: string;
  counts: BulkCounts;
  /** Every change and refusal, in product id order. */
  lines: BulkLine[];
  /** What "Apply" must carry: the apply is refused when its plan is another. */
  fingerprint: string;
}

/** The dry run of a bulk edit: `raw` is its input (URL search params or an object: bulkSchemas). */
export async function previewBulk(scope: Scope, deps: BulkDeps, raw: unknown, now = new Date()): Promise<BulkPreview> {
  const input = parseInput(bulkSchemas(deps.currency).bulkInput, paramsOf(raw));
  const lowStockAt = await deps.lowStockAt(scope.db);
  const { plan, places } = await plannedEdit(scope.db, input, {
    currency: deps.currency,
    now,
    lowStockAt,
    lock: false,
    maxProducts: deps.maxProducts,
  });
  return {
    what: describeChange(input.change, deps.currency, places),
    counts: plan.counts,
    lines: plan.lines,
    fingerprint: plan.fingerprint,
  };
}
