import { and, eq, sql } from "drizzle-orm";
import { orderLines, variants } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { removeOptionInput } from "./schemas.ts";
import { whenCurrent, type EditorDeps } from "./version.ts";

/**
 * Removes an option (issue 25 §1, ADR 63). Order lines name their option by id (order_lines.
 * variant_id, no foreign key) beside their own copy of its SKU, size and colour: an option that an
 * order line names is archived (off the shop, kept for those orders), any other is deleted (its
 * bag lines, back-in-stock requests and stock history with it). Audited on the product as
 * variant.archived or variant.removed.
 */
export async function removeOption(
  scope: StaffScope,
  deps: Pick<EditorDeps, "invalidate">,
  rawId: unknown,
  raw: unknown,
  now = new Date(),
): Promise<{ sku: string; removed: "deleted" | "archived" }> {
  const input = parseInput(removeOptionInput, raw);
  return whenCurrent(scope, deps, rawId, input.version, async (tx, product) => {
    const [option] = await tx.db
      .select()
      .from(variants)
      .where(and(eq(variants.id, input.variantId), eq(variants.productId, product.id)));
    if (!option) throw invalidInput("variantId", "This option is not one of this product's: reload the page.");
    if (option.archivedAt) throw invalidInput("variantId", `The option ${option.sku} is archived already.`);
    const [ordered] = await tx.db
      .select({ yes: sql<number>`1` })
      .from(orderLines)
      .where(eq(orderLines.variantId, option.id))
      .limit(1);
    const label = `option ${option.sku}`;
    if (ordered) {
      await tx.db.update(variants).set({ archivedAt: now }).where(eq(variants.id, option.id));
      await recordAudit(tx, {
        action: "variant.archived",
        entityType: "product",
        entityId: product.id,
        changes: { [`${label} archivedAt`]: [null, now.toISOString()] },
      });
      return { sku: option.sku, removed: "archived" as const };
    }
    await tx.db.delete(variants).where(eq(variants.id, option.id));
    await recordAudit(tx, {
      action: "variant.removed",
      entityType: "product",
      entityId: product.id,
      changes: { [label]: [`${option.colour}, ${option.size}`, null] },
    });
    return { sku: option.sku, removed: "deleted" as const };
  });
}
