import { and, eq, ne, sql } from "drizzle-orm";
import { brands } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { diffFields, type StaffScope } from "../audit/index.ts";
import { BRAND_SLUG_TAKEN } from "./brand-create.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { freePaths, lockBrand, redirectPaths, slugTaken, withUniqueSlug } from "./records.ts";
import { EditBrandInput } from "./schemas.ts";
import { brandPath } from "./shared.ts";

/** A brand's name, slug and story; a new slug leaves the old page answering 301 (ADR 69). */
export async function editBrand(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(EditBrandInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockBrand(tx.db, input.id, input.version);
    // An emptied slug keeps the one it had: an address changes only when asked to.
    const slug = input.slug ?? row.slug;
    if (slug !== row.slug) {
      const [clash] = await tx.db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.slug, slug), ne(brands.id, row.id)));
      if (clash) throw slugTaken(BRAND_SLUG_TAKEN);
    }
    const after = { name: input.name, slug, story: input.story };
    await withUniqueSlug(
      () =>
        tx.db
          .update(brands)
          .set({ ...after, updatedAt: sql`now()` })
          .where(eq(brands.id, row.id)),
      BRAND_SLUG_TAKEN,
    );
    if (slug !== row.slug) {
      await redirectPaths(tx.db, "brand", [{ fromPath: brandPath(row.slug), targetId: row.id }]);
      await freePaths(tx.db, "brand", [brandPath(slug)]);
    }
    await audit(tx, {
      action: "brand.updated",
      entityType: "brand",
      entityId: row.id,
      changes: diffFields(row, after, ["name", "slug", "story"]),
    });
  });
}
