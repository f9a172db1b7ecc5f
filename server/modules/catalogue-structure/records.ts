import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import {
  brands,
  catalogueAttributes,
  categories,
  products,
  slugRedirects,
  type Brand,
  type Category,
  type CatalogueAttribute,
  type SlugRedirectKind,
} from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { slugOf } from "../../lib/slug.ts";

/*
 * What every change of the catalogue's structure does first and last: the record's row, locked
 * until the change commits and compared with the version the form read (STALE_VERSION, 409, with
 * when it changed); the old addresses a change leaves behind, kept in slug_redirects so they answer
 * 301 (ADR 69); how many products a record holds before it may go.
 */

/** A record's version as forms carry it: its updated_at, ISO. */
export const versionOf = (row: { updatedAt: Date }) => row.updatedAt.toISOString();

function checkVersion(row: { updatedAt: Date }, version: string | undefined, what: string) {
  if (version !== undefined && version !== versionOf(row)) {
    throw new ShopError(
      "STALE_VERSION",
      `Someone changed this ${what} since you opened it. Check it as it is now, then try again.`,
      {
        details: { changedAt: versionOf(row) },
      },
    );
  }
}

const missing = (what: string) => new ShopError("ENTRY_NOT_FOUND", `No such ${what}.`);

export async function lockCategory(db: Db, id: number, version?: string): Promise<Category> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).for("update");
  if (!row) throw missing("category");
  checkVersion(row, version, row.parentId === null ? "category" : "sub-category");
  return row;
}

export async function lockBrand(db: Db, id: number, version?: string): Promise<Brand> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).for("update");
  if (!row) throw missing("brand");
  checkVersion(row, version, "brand");
  return row;
}

export async function lockAttribute(db: Db, id: number, version?: string): Promise<CatalogueAttribute> {
  const [row] = await db.select().from(catalogueAttributes).where(eq(catalogueAttributes.id, id)).for("update");
  if (!row) throw missing("attribute");
  checkVersion(row, version, "attribute");
  return row;
}

/** A category as it is (unlocked): a sub-category's parent, read for its slug and name. */
export async function categoryById(db: Db, id: number): Promise<Category> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw missing("category");
  return row;
}

/** A slug from a name: lower-case words joined by hyphens (the shop's one slug maker, lib/slug.ts). */
export function slugFrom(name: string): string {
  const made = slugOf(name, 80);
  if (!made)
    throw new ShopError("INVALID_INPUT", "Give a slug: the name has no letters or digits to make one from.", { field: "slug" });
  return made;
}

export const slugTaken = (message: string) => new ShopError("INVALID_INPUT", message, { field: "slug" });

/** Runs an insert or update that may meet a slug's unique index, saying so on the slug field. */
export async function withUniqueSlug<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(message);
    throw error;
  }
}

/** The products in a category or sub-category (a category's own and its sub-categories'). */
export async function productsIn(db: Db, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.categoryId} = ${categoryId} or ${products.subCategoryId} = ${categoryId}`);
  return row?.count ?? 0;
}

export async function productsOfBrand(db: Db, brandId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.brandId, brandId));
  return row?.count ?? 0;
}

/** The sub-categories of a category, in the owner's order. */
export function subCategoriesOf(db: Db, parentId: number) {
  return db
    .select()
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(categories.position, categories.name, categories.id);
}

/**
 * Old paths that now answer 301 to `targetId`'s current address. A path a record had before
 * points at the record, not at the address it moved to, so a later move needs no chain of
 * redirects: the shop builds the address from the record as it is then.
 */
export async function redirectPaths(db: Db, kind: SlugRedirectKind, entries: { fromPath: string; targetId: number }[]) {
  if (entries.length === 0) return;
  await db
    .insert(slugRedirects)
    .values(entries.map((entry) => ({ kind, ...entry })))
    .onConflictDoUpdate({
      target: [slugRedirects.kind, slugRedirects.fromPath],
      set: { targetId: sql`excluded.target_id`, createdAt: sql`now()` },
    });
}

/** A path a record takes (again) is its own, no longer a redirect. */
export async function freePaths(db: Db, kind: SlugRedirectKind, paths: string[]) {
  if (paths.length === 0) return;
  await db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), inArray(slugRedirects.fromPath, paths)));
}

/** Redirects that pointed at a record merged into another now point at that other one. */
export async function retarget(db: Db, kind: SlugRedirectKind, from: number[], to: number) {
  if (from.length === 0) return;
  await db
    .update(slugRedirects)
    .set({ targetId: to })
    .where(and(eq(slugRedirects.kind, kind), inArray(slugRedirects.targetId, from)));
}

/** A deleted record's redirects go with it: its old addresses are simply gone (404). */
export async function dropRedirectsTo(db: Db, kind: SlugRedirectKind, targets: number[]) {
  if (targets.length === 0) return;
  await db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), inArray(slugRedirects.targetId, targets)));
}
