import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, catalogueAttributes, categories, products } from "../../db/schema/index.ts";
import { recordIdInput } from "../../lib/record-id.ts";
import { valueUsage } from "./attribute-usage.ts";
import { versionOf } from "./records.ts";
import { brandPath, categoryPath, subCategoryPath } from "./shared.ts";

/*
 * What the back office's catalogue pages show: the structure with each record's product count
 * and version (the forms carry it back), and one record with what it may be merged into.
 */

const idOf = (raw: unknown) => {
  const parsed = recordIdInput("").safeParse(raw);
  return parsed.success ? parsed.data : null;
};

async function categoryCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ category: products.categoryId, sub: products.subCategoryId, count: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(products.categoryId, products.subCategoryId);
  const counts = new Map<number, number>();
  const add = (id: number, n: number) => counts.set(id, (counts.get(id) ?? 0) + n);
  for (const row of rows) {
    add(row.category, row.count);
    if (row.sub !== null) add(row.sub, row.count);
  }
  return counts;
}

async function brandCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ brand: products.brandId, count: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(products.brandId);
  return new Map(rows.map((row) => [row.brand, row.count]));
}

async function categoryRows(db: Db) {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    categoryCounts(db),
  ]);
  const shown = (row: (typeof rows)[number]) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    version: versionOf(row),
    products: counts.get(row.id) ?? 0,
  });
  return rows
    .filter((row) => row.parentId === null)
    .map((top) => ({
      ...shown(top),
      path: categoryPath(top.slug),
      subCategories: rows
        .filter((row) => row.parentId === top.id)
        .map((sub) => ({ ...shown(sub), path: subCategoryPath(top.slug, sub.slug) })),
    }));
}

export type CategoryRow = Awaited<ReturnType<typeof categoryRows>>[number];

/** The whole structure: categories with their sub-categories, brands, filter attributes. */
export async function catalogueOverview(db: Db) {
  const [tree, brandRows, counts, attributes] = await Promise.all([
    categoryRows(db),
    db.select().from(brands).orderBy(asc(brands.name), asc(brands.id)),
    brandCounts(db),
    db
      .select()
      .from(catalogueAttributes)
      .orderBy(asc(catalogueAttributes.position), asc(catalogueAttributes.name), asc(catalogueAttributes.id)),
  ]);
  return {
    categories: tree,
    brands: brandRows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      logoPath: row.logoPath,
      version: versionOf(row),
      products: counts.get(row.id) ?? 0,
    })),
    attributes: attributes.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      kind: row.kind,
      values: row.values,
      version: versionOf(row),
    })),
  };
}

/** One category or sub-category; null when there is none of that id. */
export async function categoryDetail(db: Db, rawId: unknown) {
  const id = idOf(rawId);
  if (id === null) return null;
  const tree = await categoryRows(db);
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) return null;
  const parent = row.parentId === null ? null : (tree.find((top) => top.id === row.parentId) ?? null);
  const shown = parent ? parent.subCategories.find((sub) => sub.id === id)! : tree.find((top) => top.id === id)!;
  const mergeTargets = parent
    ? tree.flatMap((top) =>
        top.subCategories.filter((sub) => sub.id !== id).map((sub) => ({ id: sub.id, label: `${top.name} › ${sub.name}` })),
      )
    : tree.filter((top) => top.id !== id).map((top) => ({ id: top.id, label: top.name }));
  return {
    ...shown,
    description: row.description,
    imagePath: row.imagePath,
    parent: parent ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
    subCategories: parent ? [] : (tree.find((top) => top.id === id)?.subCategories ?? []),
    mergeTargets,
  };
}

/** A top-level category's name, for the page that adds a sub-category to it; null when there is none. */
export async function parentForNew(db: Db, rawId: unknown) {
  const id = idOf(rawId);
  if (id === null) return null;
  const [row] = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, id));
  return row && row.parentId === null ? { id: row.id, name: row.name } : null;
}

export async function brandDetail(db: Db, rawId: unknown) {
  const id = idOf(rawId);
  if (id === null) return null;
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  if (!row) return null;
  const others = await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
  const counts = await brandCounts(db);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    story: row.story,
    logoPath: row.logoPath,
    version: versionOf(row),
    path: brandPath(row.slug),
    products: counts.get(row.id) ?? 0,
    mergeTargets: others.filter((other) => other.id !== id).map((other) => ({ id: other.id, label: other.name })),
  };
}

export async function attributeDetail(db: Db, rawId: unknown) {
  const id = idOf(rawId);
  if (id === null) return null;
  const [row] = await db.select().from(catalogueAttributes).where(eq(catalogueAttributes.id, id));
  if (!row) return null;
  const usage = await valueUsage(db, row.key);
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind,
    version: versionOf(row),
    values: row.values.map((value) => ({ value, products: usage.get(value) ?? 0 })),
    /** Values products have that the list lacks (written before the list, or by an import). */
    unlisted: [...usage].filter(([value]) => !row.values.includes(value)).map(([value, count]) => ({ value, products: count })),
  };
}
