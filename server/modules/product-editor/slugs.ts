import { and, eq, like, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, slugRedirects } from "../../db/schema/index.ts";
import { invalidInput } from "../../lib/shop-error.ts";
import { MAX_SLUG_LENGTH, productPath, slugOf, slugUsable } from "./shared.ts";

/*
 * Products' addresses (ADR 63). A slug is unique among products. When a product's slug changes,
 * its old page address (/shop/<category>/<old slug>, as the shop served it) is kept in
 * slug_redirects and answers 301 to the product; a product that takes a slug takes its address
 * back from any old product address with that slug (the product page finds a product by its slug
 * whatever the category segment says, so every /shop/<any>/<slug> is now that product's).
 */

async function slugTaken(db: Db, slug: string, except: number | null): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(except === null ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, except)));
  return row ?? null;
}

/** `base`, or base-2, base-3, ... : the first no other product has. */
export async function freeSlug(db: Db, base: string, except: number | null = null): Promise<string> {
  const stem = !base ? "product" : slugUsable(base) ? base : `product-${base}`;
  const taken = new Set(
    (
      await db
        .select({ slug: products.slug })
        .from(products)
        .where(and(like(products.slug, `${stem}%`), except === null ? sql`true` : ne(products.id, except)))
    ).map((row) => row.slug),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The slug a product gets: the one typed, refused when another product has it; or, left empty,
 * one made from the title and kept free of others' by a number.
 */
export async function chosenSlug(db: Db, typed: string | undefined, name: string, productId: number | null): Promise<string> {
  if (typed === undefined) return freeSlug(db, slugOf(name), productId);
  const other = await slugTaken(db, typed, productId);
  if (other) throw invalidInput("product.slug", `Another product (${other.name}) has the address "${typed}": choose another.`);
  return typed;
}

export async function categorySlugOf(db: Db, categoryId: number): Promise<string> {
  const [row] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId));
  return row?.slug ?? "";
}

/** The old addresses with this slug that the product now answers itself: forgotten. */
export async function takeAddress(db: Db, slug: string): Promise<void> {
  await db
    .delete(slugRedirects)
    .where(
      and(
        eq(slugRedirects.kind, "product"),
        like(slugRedirects.fromPath, "/shop/%"),
        sql`split_part(${slugRedirects.fromPath}, '/', 4) = ${slug} and split_part(${slugRedirects.fromPath}, '/', 5) = ''`,
      ),
    );
}

/** The product's slug changed from `oldSlug` (in the category of that slug `categorySlug`): its old address redirects. */
export async function keepOldAddress(db: Db, productId: number, categorySlug: string, oldSlug: string): Promise<void> {
  const fromPath = productPath(categorySlug, oldSlug);
  await db
    .insert(slugRedirects)
    .values({ kind: "product", fromPath, targetId: productId })
    .onConflictDoUpdate({
      target: [slugRedirects.kind, slugRedirects.fromPath],
      set: { targetId: productId, createdAt: sql`now()` },
    });
}
