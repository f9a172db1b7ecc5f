import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { diffFields, type StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { RESERVED_SUB_SLUGS, reservedSubSlug } from "./category-create.ts";
import { categoryById, freePaths, lockCategory, redirectPaths, slugTaken, subCategoriesOf, withUniqueSlug } from "./records.ts";
import { EditCategoryInput } from "./schemas.ts";
import { categoryPath, subCategoryPath } from "./shared.ts";

/**
 * A category's or sub-category's name, slug and description. A new slug moves its listing's
 * address, and a category's moves its sub-categories' too: every old address answers 301 to the
 * record it showed (slug_redirects, ADR 69), and the new ones are no longer anyone's redirect.
 */
export async function editCategory(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(EditCategoryInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockCategory(tx.db, input.id, input.version);
    // An emptied slug keeps the one it had: an address changes only when asked to.
    const slug = input.slug ?? row.slug;
    const parent = row.parentId === null ? null : await categoryById(tx.db, row.parentId);
    if (slug !== row.slug) {
      if (parent && RESERVED_SUB_SLUGS.has(slug)) throw reservedSubSlug(slug);
      const siblings = parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId);
      const [clash] = await tx.db
        .select({ id: categories.id })
        .from(categories)
        .where(and(siblings, eq(categories.slug, slug), ne(categories.id, row.id)));
      if (clash)
        throw slugTaken(
          parent ? `${parent.name} has a sub-category with that slug already.` : "Another category has that slug already.",
        );
    }
    const after = { name: input.name, slug, description: input.description };
    await withUniqueSlug(
      () =>
        tx.db
          .update(categories)
          .set({ ...after, updatedAt: sql`now()` })
          .where(eq(categories.id, row.id)),
      "Another category has that slug already.",
    );
    if (slug !== row.slug) {
      if (parent) {
        await redirectPaths(tx.db, "category", [{ fromPath: subCategoryPath(parent.slug, row.slug), targetId: row.id }]);
        await freePaths(tx.db, "category", [subCategoryPath(parent.slug, slug)]);
      } else {
        const subs = await subCategoriesOf(tx.db, row.id);
        await redirectPaths(tx.db, "category", [
          { fromPath: categoryPath(row.slug), targetId: row.id },
          ...subs.map((sub) => ({ fromPath: subCategoryPath(row.slug, sub.slug), targetId: sub.id })),
        ]);
        await freePaths(tx.db, "category", [categoryPath(slug), ...subs.map((sub) => subCategoryPath(slug, sub.slug))]);
      }
    }
    await audit(tx, {
      action: "category.updated",
      entityType: "category",
      entityId: row.id,
      changes: diffFields(row, after, ["name", "slug", "description"]),
    });
  });
}
