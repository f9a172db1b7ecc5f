import { asc, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";

/** A top-level category as a picture tile: where it leads, its name and its picture's stored path. */
export interface CategoryTile {
  slug: string;
  href: string;
  name: string;
  /** The category's picture (the owner's upload, or the demo's drawn tile); null: the name alone. */
  imagePath: string | null;
}

/**
 * The shop's top-level categories as tiles, in the owner's order: the shop root and the home page
 * show them above their products. The demo's categories come with drawn tiles (the seed sets
 * them); a category without a picture shows its name on the tile's colour.
 */
export async function categoryTiles(db: Db): Promise<CategoryTile[]> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name, imagePath: categories.imagePath })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((row) => ({
    slug: row.slug,
    href: `/shop/${row.slug}`,
    name: row.name,
    imagePath: row.imagePath,
  }));
}
