import { asc, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";
import { categoryArtworkPath } from "../../db/seed/artwork-paths.ts";

/** A top-level category as a picture tile: where it leads, its name and its picture's stored path. */
export interface CategoryTile {
  slug: string;
  href: string;
  name: string;
  /** The owner's upload, or the drawn tile of the category while it has none. */
  imagePath: string;
}

/**
 * The shop's top-level categories as tiles, in the owner's order: the shop root and the home page
 * show them above their products. A category without a picture of its own shows its drawn tile
 * (media/shared.ts), so every tile has a picture.
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
    imagePath: row.imagePath ?? categoryArtworkPath(row.slug),
  }));
}
