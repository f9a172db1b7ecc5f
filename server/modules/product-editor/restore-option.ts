import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { variants } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { removeOptionInput } from "./schemas.ts";
import { whenCurrent, type EditorDeps } from "./version.ts";

/**
 * Puts an archived option back on the shop (ADR 74): as it was archived (SKU, barcode, prices,
 * stock), on sale again with its product. Refused while an option on sale has its size and colour
 * (the shop's option picker tells options apart by them). Audited on the product as
 * variant.restored.
 */
export async function restoreOption(
  scope: StaffScope,
  deps: Pick<EditorDeps, "invalidate">,
  rawId: unknown,
  raw: unknown,
): Promise<{ sku: string }> {
  const input = parseInput(removeOptionInput, raw);
  return whenCurrent(scope, deps, rawId, input.version, async (tx, product) => {
    const [option] = await tx.db
      .select()
      .from(variants)
      .where(and(eq(variants.id, input.variantId), eq(variants.productId, product.id)));
    if (!option) throw invalidInput("variantId", "This option is not one of this product's: reload the page.");
    if (!option.archivedAt) throw invalidInput("variantId", `The option ${option.sku} is on sale already.`);
    const [twin] = await tx.db
      .select({ sku: variants.sku })
      .from(variants)
      .where(
        and(
          eq(variants.productId, product.id),
          isNull(variants.archivedAt),
          ne(variants.id, option.id),
          sql`lower(${variants.size}) = lower(${option.size}) and lower(${variants.colour}) = lower(${option.colour})`,
        ),
      )
      .limit(1);
    if (twin) {
      throw invalidInput(
        "variantId",
        `The option ${twin.sku} on sale is ${option.colour}, size ${option.size} already: remove it or change its size or colour first.`,
      );
    }
    await tx.db.update(variants).set({ archivedAt: null }).where(eq(variants.id, option.id));
    await recordAudit(tx, {
      action: "variant.restored",
      entityType: "product",
      entityId: product.id,
      changes: { [`option ${option.sku} archivedAt`]: [option.archivedAt.toISOString(), null] },
    });
    return { sku: option.sku };
  });
}
