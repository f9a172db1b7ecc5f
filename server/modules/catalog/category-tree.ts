import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";

export interface CategoryNode {
  slug: string;
  name: string;
  description: string;
  subCategories: { slug: string; name: string; description: string }[];
}

export interface MenuCategory {
  slug: string;
  name: string;
  /** The category's picture (a stored image path: the owner's upload or the demo's drawn tile); null: none. */
  imagePath: string | null;
  subCategories: { slug: string; name: string }[];
}

/** The shop's categories in the owner's order, each with its sub-categories, from one query. */
export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const byId = new Map<number, CategoryNode>();
  for (const row of rows) {
    if (row.parentId === null)
      byId.set(row.id, { slug: row.slug, name: row.name, description: row.description, subCategories: [] });
  }
  for (const row of rows) {
    if (row.parentId !== null) {
      byId.get(row.parentId)?.subCategories.push({ slug: row.slug, name: row.name, description: row.description });
    }
  }
  return [...byId.values()];
}

/** The menu's share of the tree: what every page carries, so no descriptions. */
export function menuOf(tree: CategoryNode[], pictures: ReadonlyMap<string, string | null> = new Map()): MenuCategory[] {
  return tree.map((c) => ({
    slug: c.slug,
    name: c.name,
    imagePath: pictures.get(c.slug) ?? null,
    subCategories: c.subCategories.map((s) => ({ slug: s.slug, name: s.name })),
  }));
}
