import { isUniqueViolation, violatedConstraint } from "../../db/errors.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { gtinKey } from "../product-editor/index.ts";
import type { ImportPlan } from "./plan.ts";

/*
 * A unique index that refused one of the apply's writes (23505): something took a handle, SKU or
 * barcode of the file between the plan's check and the write (another editor, at that moment).
 * The apply then fails as a whole (one transaction), and the refusal names the file's line, which
 * the preview shows as refused, rather than ending in a server error.
 */

/** The value the index refused, as PostgreSQL and PGlite say it: `Key (sku)=(ABC-1) already exists.` */
function refusedValue(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const detail = (current as { detail?: unknown }).detail;
    if (typeof detail === "string") return /\)=\((.*)\) already exists/.exec(detail)?.[1] ?? null;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** What the file says of the index's key, and in which words. */
const INDEXES: Record<string, { what: string; find: (plan: ImportPlan, value: string) => string | undefined }> = {
  products_slug_unique: { what: "handle", find: (plan, value) => plan.products.find((p) => p.handle === value)?.handle },
  variants_sku_unique: { what: "SKU", find: (plan, value) => plan.variants.find((v) => v.sku === value)?.sku },
  variants_barcode_gtin_unique: {
    what: "barcode",
    find: (plan, value) => plan.variants.find((v) => v.after.barcode !== null && gtinKey(v.after.barcode) === value)?.sku,
  },
};

/** The refusal of the line behind a unique violation; null for any other error. */
export function raceRefusal(error: unknown, plan: ImportPlan): ShopError | null {
  if (!isUniqueViolation(error)) return null;
  const index = INDEXES[violatedConstraint(error) ?? ""];
  const value = refusedValue(error);
  const key = index && value !== null ? index.find(plan, value) : undefined;
  const line =
    key === undefined
      ? undefined
      : plan.lines.find((l) => l.outcome !== "refused" && (index!.what === "handle" ? l.handle === key : l.sku === key));
  const what = index?.what ?? "value";
  if (!line) {
    return new ShopError(
      "STALE_VERSION",
      `A ${what} of this file was given to another record since the preview. Nothing was written: upload the file again.`,
    );
  }
  const reason = `The ${what} ${value} was given to another ${what === "handle" ? "product" : "option"} since the preview.`;
  return new ShopError(
    "STALE_VERSION",
    `Line ${line.line} (${line.sku}): ${reason} Nothing was written: fix the line and upload the file again.`,
    {
      details: { line: line.line, reason },
    },
  );
}
