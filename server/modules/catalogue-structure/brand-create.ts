import { eq } from "drizzle-orm";
import { brands } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { freePaths, slugFrom, slugTaken, withUniqueSlug } from "./records.ts";
import { CreateBrandInput } from "./schemas.ts";
import { brandPath } from "./shared.ts";

export const BRAND_SLUG_TAKEN = "Another brand has that slug already.";

/** A new brand, with its page at /brands/<slug> (an old redirect there is this brand's page now). */
export async function createBrand(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(CreateBrandInput, raw);
  const slug = input.slug ?? slugFrom(input.name);
  return inChange(scope, deps, async (tx) => {
    const [clash] = await tx.db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug));
    if (clash) throw slugTaken(BRAND_SLUG_TAKEN);
    const [row] = await withUniqueSlug(
      () => tx.db.insert(brands).values({ slug, name: input.name, story: input.story }).returning({ id: brands.id }),
      BRAND_SLUG_TAKEN,
    );
    await freePaths(tx.db, "brand", [brandPath(slug)]);
    await audit(tx, {
      action: "brand.created",
      entityType: "brand",
      entityId: row!.id,
      changes: { name: [null, input.name], slug: [null, slug], story: [null, input.story] },
    });
    return { id: row!.id };
  });
}
