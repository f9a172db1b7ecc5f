import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { MIN_PREFIX_LENGTH, normaliseSearch, searchWords } from "./search-text.ts";
import { ANY_VISITOR, EARLY_ACCESS, sellableTo, type Viewer } from "./sellable.ts";

export { MAX_SEARCH_LENGTH, normaliseSearch, searchWords } from "./search-text.ts";

/*
 * Product search: PostgreSQL full-text search over the products' generated `search_vector` (name
 * weighted A, attribute values B, description C), plus the names of their brand and categories,
 * ranked in SQL. It answers product ids only, best first; listings and suggestions turn them into
 * cards with the in-memory read model (listing/index.ts). See docs/decisions/0017-product-search.md.
 */

/**
 * Each word as to_tsquery text: the last one also matches as the start of a longer word, so
 * results appear while the shopper is still typing it. Words hold only letters and digits, so
 * the syntax is always valid.
 */
export function wordQueries(words: string[]): string[] {
  return words.map((word, i) => (i === words.length - 1 && word.length >= MIN_PREFIX_LENGTH ? `${word}:*` : word));
}

/*
 * Ranking (docs/decisions/0017-product-search.md):
 * - every word must match the product's document or the name of its brand, category or
 *   sub-category (small tables, matched once per search); a stop word ("the") matches anything;
 * - products whose name, brand and categories alone cover every word come first ("strong"), so
 *   one named for the search is never outranked by one that only mentions it in passing;
 * - then ts_rank over the document with the weights {D, C, B, A} below: name (A) most, attribute
 *   values (B), description (C). A word that names the product's category (what it is: "gloves")
 *   adds what one more mention in its name would (0.06, ts_rank's score of a single A mention);
 *   one in its brand or sub-category name ("Glove bags" are bags) half of that;
 * - ties keep the shop's featured order, as listings do.
 */
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";
const CATEGORY_WORD_RANK = 0.06;
const NAMED_WORD_RANK = 0.03;

/**
 * Ids of the products the text finds, best first. Only products the shop lists to `viewer`
 * (published, with a variant; members-only ones by sellable.ts). The listing's search asks for
 * everything early access sees: the read model each viewer lists from leaves out what they may
 * not see (ADR 41).
 */
export async function searchProductIds(
  db: Db,
  text: string,
  viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR,
): Promise<number[]> {
  const words = wordQueries(searchWords(text));
  if (words.length === 0) return [];
  const column = (name: string, i: number) => sql.raw(`${name}${i}`);
  const perWord = words.map(
    (word, i) => sql`
      to_tsquery('english', ${word}) as ${column("q", i)},
      array(select id from brands where to_tsvector('english', name) @@ to_tsquery('english', ${word})) as ${column("b", i)},
      array(select id from categories where to_tsvector('english', name) @@ to_tsquery('english', ${word})) as ${column("c", i)}`,
  );
  // The word is in the brand's or a category's name.
  const named = (i: number) =>
    sql`(p.brand_id = any(t.${column("b", i)}) or p.category_id = any(t.${column("c", i)}) or p.sub_category_id = any(t.${column("c", i)}))`;
  const stopWord = (i: number) => sql`numnode(t.${column("q", i)}) = 0`;
  const matches = words.map((_, i) => sql`(${stopWord(i)} or p.search_vector @@ t.${column("q", i)} or ${named(i)})`);
  const strong = words.map((_, i) => sql`(${stopWord(i)} or p.name_doc @@ t.${column("q", i)} or ${named(i)})`);
  // A stop word's arrays are empty: it names nothing.
  const namedRank = words.map(
    (_, i) =>
      sql`${CATEGORY_WORD_RANK}::float8 * (p.category_id = any(t.${column("c", i)}))::int + ${NAMED_WORD_RANK}::float8 * (p.brand_id = any(t.${column("b", i)}) or p.sub_category_id = any(t.${column("c", i)}))::int`,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with t as materialized (
      select ${sql.join(perWord, sql`,`)}, to_tsquery('english', ${words.join(" | ")}) as any_q
    )
    select p.id
    from (
      select p.id, p.brand_id, p.category_id, p.sub_category_id, p.featured_rank, p.created_at, p.search_vector,
             ts_filter(p.search_vector, '{a}') as name_doc
      from products p
      cross join t
      -- One index probe per match; an exists() here was planned as a hash of every variant.
      cross join lateral (select 1 from variants v where v.product_id = p.id and v.archived_at is null limit 1) sellable
      where ${sellableTo(viewer)} and numnode(t.any_q) > 0
        and ${sql.join(matches, sql` and `)}
    ) p, t
    order by ${sql.join(strong, sql` and `)} desc,
             ts_rank(${RANK_WEIGHTS}::float4[], p.search_vector, t.any_q) + ${sql.join(namedRank, sql` + `)} desc,
             p.featured_rank nulls last, p.created_at desc, p.id desc
  `,
  );
  return rows.map((row) => row.id);
}

/** How long a search's ranked ids are reused: as long as the listing's read model is. */
export const SEARCH_CACHE_MS = 60_000;
/** Searches kept; the oldest used goes first. A search's ids are at most a few KB. */
export const SEARCH_CACHE_ENTRIES = 200;

/**
 * Search with a small memory: the ranked ids of recent searches (by normalised text) are reused
 * for `ttlMs`, so the results page, its filters, sorts and "load more", and the suggestions for
 * the same words cost one query. Concurrent identical searches share it; failures are not kept.
 */
export function createProductSearch(db: Db, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? SEARCH_CACHE_MS;
  const maxEntries = options.maxEntries ?? SEARCH_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recent.
  const entries = new Map<string, { ids: Promise<number[]>; at: number }>();

  return {
    /** Product ids for the text, best first; the same array while it is cached. */
    rankedIds(text: string): Promise<number[]> {
      const key = normaliseSearch(text);
      if (key === "") return Promise.resolve([]);
      const cached = entries.get(key);
      entries.delete(key);
      if (cached && now() - cached.at < ttl) {
        entries.set(key, cached);
        return cached.ids;
      }
      const ids = searchProductIds(db, key, EARLY_ACCESS);
      const entry = { ids, at: now() };
      entries.set(key, entry);
      ids.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return ids;
    },
    /** Forgets every search; writers call it after a change to the catalogue. */
    invalidate(): void {
      entries.clear();
    },
  };
}

export type ProductSearch = ReturnType<typeof createProductSearch>;
