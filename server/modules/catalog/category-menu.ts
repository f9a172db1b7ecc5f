import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";

export interface MenuCategory {
  slug: string;
  name: string;
  subCategories: { slug: string; name: string }[];
}

/** The shop's categories in menu order, each with its sub-categories, from one query. */
export async function categoryMenu(db: Db): Promise<MenuCategory[]> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const byId = new Map<number, MenuCategory>();
  for (const row of rows) {
    if (row.parentId === null) byId.set(row.id, { slug: row.slug, name: row.name, subCategories: [] });
  }
  for (const row of rows) {
    if (row.parentId !== null) byId.get(row.parentId)?.subCategories.push({ slug: row.slug, name: row.name });
  }
  return [...byId.values()];
}
