import { and, eq, like, ne, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { slugRedirects, type SlugRedirectKind } from "../../db/schema/index.ts";
import { slugOf } from "../../lib/slug.ts";
import { invalidInput } from "../../lib/shop-error.ts";

/*
 * An entry's address (ADR 75): a slug unique in its table, typed (refused, naming the entry that
 * has it) or made from the title (numbered when taken); and a changed address keeps the old one
 * answering 301 (slug_redirects, by kind).
 */

export interface SlugTable {
  table: PgTable;
  id: AnyPgColumn;
  slug: AnyPgColumn;
  title: AnyPgColumn;
  /** "post", "page": how the refusal names the other entry. */
  noun: string;
  max: number;
}

export async function chosenSlug(
  db: Db,
  t: SlugTable,
  typed: string | undefined,
  title: string,
  id: number | null,
): Promise<string> {
  const others = (where: ReturnType<typeof eq>) => (id === null ? where : and(where, ne(t.id, id))!);
  if (typed !== undefined) {
    const [other] = await db
      .select({ title: t.title })
      .from(t.table)
      .where(others(eq(t.slug, typed)));
    if (other)
      throw invalidInput("slug", `Another ${t.noun} (${String(other.title)}) has the address "${typed}": choose another.`);
    return typed;
  }
  const stem = slugOf(title, t.max) || t.noun;
  const rows = await db
    .select({ slug: t.slug })
    .from(t.table)
    .where(others(like(t.slug, `${stem}%`) as ReturnType<typeof eq>));
  const taken = new Set(rows.map((row) => String(row.slug)));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, t.max - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The old address answers 301 to the new one; an address the entry takes is its own again. */
export async function followAddress(db: Db, kind: SlugRedirectKind, id: number, from: string, to: string): Promise<void> {
  await db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.fromPath, to)));
  if (from === to) return;
  await db
    .insert(slugRedirects)
    .values({ kind, fromPath: from, targetId: id })
    .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.fromPath], set: { targetId: id, createdAt: sql`now()` } });
}

/** A deleted draft leaves no address behind. */
export async function forgetAddresses(db: Db, kind: SlugRedirectKind, id: number): Promise<void> {
  await db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.targetId, id)));
}
