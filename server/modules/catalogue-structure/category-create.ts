import { and, eq, isNull, sql } from "drizzle-orm";
import { categories } from "../../db/schema/index.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { freePaths, lockCategory, slugFrom, slugTaken, withUniqueSlug } from "./records.ts";
import { CreateCategoryInput } from "./schemas.ts";
import { categoryPath, subCategoryPath } from "./shared.ts";

/** A sub-category's slug the shop's addresses keep for themselves (shop/:category/sub/sale). */
export const RESERVED_SUB_SLUGS = new Set(["sale"]);

export const reservedSubSlug = (slug: string) =>
  slugTaken(`“${slug}” is taken by the category's own pages (such as its sale): choose another slug.`);

/**
 * A new category, or a sub-category of one (`parentId`), placed after its siblings. Its address
 * was perhaps an old one of another record: that redirect goes, the address is this one's now.
 */
export async function createCategory(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(CreateCategoryInput, raw);
  const slug = input.slug ?? slugFrom(input.name);
  return inChange(scope, deps, async (tx) => {
    const parent = input.parentId === undefined ? null : await lockCategory(tx.db, input.parentId);
    if (parent && parent.parentId !== null) {
      throw new ShopError("INVALID_INPUT", "A sub-category cannot hold sub-categories of its own.", { field: "parentId" });
    }
    if (parent && RESERVED_SUB_SLUGS.has(slug)) throw reservedSubSlug(slug);
    const siblings = parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId);
    const [clash] = await tx.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(siblings, eq(categories.slug, slug)));
    const taken = parent
      ? `${parent.name} has a sub-category with that slug already.`
      : "Another category has that slug already.";
    if (clash) throw slugTaken(taken);
    const [row] = await withUniqueSlug(
      () =>
        tx.db
          .insert(categories)
          .values({
            parentId: parent?.id ?? null,
            slug,
            name: input.name,
            description: input.description,
            position: sql`(select coalesce(max(position) + 1, 0) from categories where ${siblings})`,
          })
          .returning({ id: categories.id }),
      taken,
    );
    const id = row!.id;
    await freePaths(tx.db, "category", [parent ? subCategoryPath(parent.slug, slug) : categoryPath(slug)]);
    await audit(tx, {
      action: "category.created",
      entityType: "category",
      entityId: id,
      changes: {
        name: [null, input.name],
        slug: [null, slug],
        description: [null, input.description],
        parent: [null, parent?.slug ?? null],
      },
    });
    return { id };
  });
}
