import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands } from "../../db/schema/index.ts";

export interface BrandSummary {
  slug: string;
  name: string;
  logoPath: string | null;
}

/** Every brand by name, as the brand slider shows them. */
export function brandList(db: Db): Promise<BrandSummary[]> {
  return db.select({ slug: brands.slug, name: brands.name, logoPath: brands.logoPath }).from(brands).orderBy(asc(brands.name));
}

export interface BrandDetails extends BrandSummary {
  story: string;
}

/** Every brand with its story, for the brand pages (the slider does without the stories). */
export function brandDetails(db: Db): Promise<BrandDetails[]> {
  return db
    .select({ slug: brands.slug, name: brands.name, logoPath: brands.logoPath, story: brands.story })
    .from(brands)
    .orderBy(asc(brands.name));
}
