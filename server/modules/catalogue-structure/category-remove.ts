import { eq, inArray, or, sql } from "drizzle-orm";
import { categories, products, promoCodes, promoCodeTargets } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { dropRedirectsTo, lockCategory, subCategoriesOf } from "./records.ts";
import { VersionedIdInput } from "./schemas.ts";
import { productCount } from "./shared.ts";

/**
 * Deletes an empty category (with its sub-categories, themselves empty) or sub-category. One
 * that holds products is refused, saying how many: they would have nowhere to be listed; merging
 * it into another moves them first (category-merge.ts).
 */
export async function deleteCategory(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(VersionedIdInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockCategory(tx.db, input.id, input.version);
    const subs = row.parentId === null ? await subCategoriesOf(tx.db, row.id) : [];
    const ids = [row.id, ...subs.map((sub) => sub.id)];
    const [held] = await tx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(or(inArray(products.categoryId, ids), inArray(products.subCategoryId, ids)));
    const count = held?.count ?? 0;
    if (count > 0) {
      const what = row.parentId === null ? "category" : "sub-category";
      throw new ShopError(
        "ENTRY_IN_USE",
        `${row.name} holds ${productCount(count)}, so it cannot be deleted: move them to another ${what} first, or merge this ${what} into another.`,
        { details: { products: count } },
      );
    }
    // A promo code narrowed to this category would, without it, apply to the whole bag.
    const codes = await tx.db
      .selectDistinct({ code: promoCodes.code })
      .from(promoCodeTargets)
      .innerJoin(promoCodes, eq(promoCodes.id, promoCodeTargets.promoCodeId))
      .where(inArray(promoCodeTargets.categoryId, ids));
    if (codes.length > 0) {
      throw new ShopError(
        "ENTRY_IN_USE",
        `${row.name} is what the promo code ${codes.map((c) => c.code).join(", ")} applies to: change the code first, or merge this category into another.`,
        { details: { promoCodes: codes.length } },
      );
    }
    await dropRedirectsTo(tx.db, "category", ids);
    await tx.db.delete(categories).where(eq(categories.id, row.id));
    for (const gone of [row, ...subs]) dropUploadAfterCommit(tx, deps, gone.imagePath);
    await audit(tx, {
      action: "category.deleted",
      entityType: "category",
      entityId: row.id,
      changes: { name: [row.name, null], slug: [row.slug, null], subCategories: [subs.map((sub) => sub.slug), null] },
    });
  });
}
