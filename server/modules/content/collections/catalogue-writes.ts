import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { brands, categories } from "../../../db/schema/index.ts";
import type { Scope } from "../../../lib/scope.ts";
import { ShopError } from "../../../lib/shop-error.ts";
import { isStaffScope, type StaffScope } from "../../audit/index.ts";
import type { CatalogueStructure } from "../../catalogue-structure/index.ts";
import type { WriteDef } from "../collection.ts";
import { relationRef, resolveRef } from "../write.ts";

/*
 * Brands and categories written through the content API (issue 25 §6, ADR 69) by staff, with the
 * Strapi shape of ADR 39 ({data: {...}}), through the back office's own use cases: the same
 * rules, redirects for changed slugs, refusals of removals with products, and audit entries.
 * Merging and pictures stay the back office's (they are not fields of an entry).
 */

/** The writer as audited: the content adapter hands a staff scope to signed-in writers. */
function staffOf(scope: Scope): StaffScope {
  if (!isStaffScope(scope)) throw new ShopError("FORBIDDEN", "Forbidden");
  return scope;
}

const text = (most: number) => z.string().max(most);

const brandShape = { name: text(80), slug: text(80).optional(), story: text(4000).optional() };

export function brandWrites(structure: CatalogueStructure): WriteDef<z.output<z.ZodObject<typeof brandShape>>> {
  return {
    keys: Object.keys(brandShape),
    schema: z.object(brandShape),
    partial: z.object(brandShape).partial(),
    async create(scope, input) {
      return (await structure.createBrand(staffOf(scope), input)).id;
    },
    async update(scope, id, input) {
      const [row] = await scope.db.select().from(brands).where(eq(brands.id, id));
      if (!row) throw new ShopError("ENTRY_NOT_FOUND", "Not Found");
      await structure.editBrand(staffOf(scope), { id, name: row.name, slug: row.slug, story: row.story, ...input });
    },
    async remove(scope, id) {
      await structure.deleteBrand(staffOf(scope), { id });
    },
  };
}

const categoryShape = {
  name: text(80),
  slug: text(80).optional(),
  description: text(2000).optional(),
  /** The category a sub-category belongs to (documentId or id); set on create only. */
  parent: relationRef.optional(),
};

export function categoryWrites(structure: CatalogueStructure): WriteDef<z.output<z.ZodObject<typeof categoryShape>>> {
  return {
    keys: Object.keys(categoryShape),
    schema: z.object(categoryShape),
    partial: z.object(categoryShape).partial().omit({ parent: true }).strict(),
    async create(scope, { parent, ...input }) {
      const parentId = await resolveRef(scope, sql`categories`, parent, "parent");
      return (await structure.createCategory(staffOf(scope), { ...input, parentId: parentId ?? undefined })).id;
    },
    async update(scope, id, input) {
      const [row] = await scope.db.select().from(categories).where(eq(categories.id, id));
      if (!row) throw new ShopError("ENTRY_NOT_FOUND", "Not Found");
      await structure.editCategory(staffOf(scope), {
        id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        ...input,
      });
    },
    async remove(scope, id) {
      await structure.deleteCategory(staffOf(scope), { id });
    },
  };
}
