import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import { applyBulk } from "./apply.ts";
import type { BulkDeps } from "./deps.ts";
import { previewBulk } from "./preview.ts";

/**
 * Bulk edits of products from the back office's list (issue 25 §3, ADR 71): the ticked products,
 * or all that match the list's filter; a price changed by a percentage or an amount or set, a sale
 * begun, set, ended or cleared, published, unpublished or archived, moved to a category, members
 * only or for everyone. `preview` says product by product (option by option for prices) what
 * would change and what is refused and why; `apply` writes exactly that in one transaction, or
 * refuses (STALE_VERSION) when the products moved since. Inputs are raw (a form's fields).
 */
export { BULK_AUDIT_ACTION, BULK_AUDIT_ENTITY } from "./apply.ts";
export type { BulkDeps } from "./deps.ts";
export type { BulkCounts, BulkLine, FieldChange } from "./plan.ts";
export type { BulkPreview } from "./preview.ts";
export type { BulkChange, BulkInput, BulkSelection } from "./schemas.ts";
export { bulkSchemas } from "./schemas.ts";
export * from "./shared.ts";

export function createProductBulk(deps: BulkDeps) {
  return {
    /** The dry run: nothing changes. */
    preview: (scope: Scope, raw: unknown, now?: Date) => previewBulk(scope, deps, raw, now),
    /** `raw`: the preview's input and its `fingerprint`. */
    apply: (scope: StaffScope, raw: unknown, now?: Date) => applyBulk(scope, deps, raw, now),
  };
}

export type ProductBulk = ReturnType<typeof createProductBulk>;
