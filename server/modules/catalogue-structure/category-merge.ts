import { eq, inArray, sql } from "drizzle-orm";
import { categories, customInformation, products, promoCodeTargets, type Category } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, dropUploadAfterCommit, inChange, type StructureDeps } from "./change.ts";
import { categoryById, freePaths, lockCategory, productsIn, redirectPaths, retarget, subCategoriesOf } from "./records.ts";
import { MergeInput } from "./schemas.ts";
import { categoryPath, subCategoryPath } from "./shared.ts";

type Tx = StaffScope["db"];

/**
 * Merges a category into another, or a sub-category into another sub-category (of any category),
 * in one transaction: its products move to the target, with the information blocks and promo
 * codes that named it; its addresses answer 301 to the target (slug_redirects, ADR 69); then it
 * is deleted. A merged category's sub-categories go along: one the target has by slug already
 * merges into that one, the others move under the target as they are.
 */
export async function mergeCategory(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ products: number }> {
  const input = parseInput(MergeInput, raw);
  if (input.into === input.id) throw intoItself();
  return inChange(scope, deps, async (tx) => {
    // Both locked, the lower id first, so two merges of one pair cannot wait on each other.
    const [first, second] = input.id < input.into ? [input.id, input.into] : [input.into, input.id];
    const locked = new Map<number, Category>();
    locked.set(first, await lockCategory(tx.db, first, first === input.id ? input.version : undefined));
    locked.set(second, await lockCategory(tx.db, second, second === input.id ? input.version : undefined));
    const merged = locked.get(input.id)!;
    const target = locked.get(input.into)!;
    if ((merged.parentId === null) !== (target.parentId === null)) {
      throw new ShopError("INVALID_INPUT", "Merge a category into a category, and a sub-category into a sub-category.", {
        field: "into",
      });
    }
    const moved = await productsIn(tx.db, merged.id);
    if (merged.parentId === null) await mergeTopLevel(tx, merged, target);
    else await mergeSub(tx, merged, target);
    await tx.db
      .update(categories)
      .set({ updatedAt: sql`now()` })
      .where(eq(categories.id, target.id));
    await tx.db.delete(categories).where(eq(categories.id, merged.id));
    dropUploadAfterCommit(tx, deps, merged.imagePath);
    await audit(tx, {
      action: "category.merged",
      entityType: "category",
      entityId: merged.id,
      changes: { into: [null, target.slug], products: [null, moved], name: [merged.name, null], slug: [merged.slug, null] },
    });
    await audit(tx, {
      action: "category.merge_received",
      entityType: "category",
      entityId: target.id,
      changes: { from: [null, merged.slug], products: [null, moved] },
    });
    return { products: moved };
  });
}

const intoItself = () => new ShopError("INVALID_INPUT", "Choose another category to merge into.", { field: "into" });

/** What pointed at one category row points at another. */
async function moveReferences(db: Tx, from: number, to: number) {
  await db.update(customInformation).set({ categoryId: to }).where(eq(customInformation.categoryId, from));
  await db.update(promoCodeTargets).set({ categoryId: to }).where(eq(promoCodeTargets.categoryId, from));
  await retarget(db, "category", [from], to);
}

async function mergeSub(tx: StaffScope, merged: Category, target: Category) {
  const parent = await categoryById(tx.db, merged.parentId!);
  await tx.db
    .update(products)
    .set({ subCategoryId: target.id, categoryId: target.parentId!, updatedAt: sql`now()` })
    .where(eq(products.subCategoryId, merged.id));
  await moveReferences(tx.db, merged.id, target.id);
  await redirectPaths(tx.db, "category", [{ fromPath: subCategoryPath(parent.slug, merged.slug), targetId: target.id }]);
}

async function mergeTopLevel(tx: StaffScope, merged: Category, target: Category) {
  const subs = await subCategoriesOf(tx.db, merged.id);
  const targetSubs = new Map((await subCategoriesOf(tx.db, target.id)).map((sub) => [sub.slug, sub]));
  let nextPosition = Math.max(-1, ...[...targetSubs.values()].map((sub) => sub.position)) + 1;
  const gone: number[] = [];
  for (const sub of subs) {
    const namesake = targetSubs.get(sub.slug);
    if (namesake) {
      await tx.db
        .update(products)
        .set({ subCategoryId: namesake.id, updatedAt: sql`now()` })
        .where(eq(products.subCategoryId, sub.id));
      await moveReferences(tx.db, sub.id, namesake.id);
      await redirectPaths(tx.db, "category", [{ fromPath: subCategoryPath(merged.slug, sub.slug), targetId: namesake.id }]);
      gone.push(sub.id);
    } else {
      await tx.db
        .update(categories)
        .set({ parentId: target.id, position: nextPosition++, updatedAt: sql`now()` })
        .where(eq(categories.id, sub.id));
      await redirectPaths(tx.db, "category", [{ fromPath: subCategoryPath(merged.slug, sub.slug), targetId: sub.id }]);
      await freePaths(tx.db, "category", [subCategoryPath(target.slug, sub.slug)]);
    }
  }
  await tx.db
    .update(products)
    .set({ categoryId: target.id, updatedAt: sql`now()` })
    .where(eq(products.categoryId, merged.id));
  if (gone.length > 0) await tx.db.delete(categories).where(inArray(categories.id, gone));
  await moveReferences(tx.db, merged.id, target.id);
  await redirectPaths(tx.db, "category", [{ fromPath: categoryPath(merged.slug), targetId: target.id }]);
}
