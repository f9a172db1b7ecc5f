import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Db } from "../../db/client.ts";
import { NEWS_SECTIONS, type NewsSection } from "../../db/schema/index.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { storedImageSource } from "../media/shared.ts";
import { likeLiteral, statusIs } from "../editorial/index.ts";
import { postPath } from "../news/index.ts";
import { postNotFound, postVersionOf } from "./version.ts";
import { NEWS_SORTS, NEWS_STATUSES, newsStatusOf, type NewsStatus } from "./words.ts";

/*
 * What the back office reads of the newsroom (ADR 75): the list, with filters, search, sort and
 * pages in the address, and one post whole for its editor.
 */

export const NEWS_LIST_PAGE_SIZE = 50;

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const ListQuery = z.object({
  q: z.preprocess(blank, z.string().trim().max(200).optional()),
  status: z.preprocess(blank, z.enum(NEWS_STATUSES, { error: "Choose a status from the list." }).optional()),
  section: z.preprocess(blank, z.enum(NEWS_SECTIONS, { error: "Choose news or exclusives." }).optional()),
  category: z.preprocess(blank, z.coerce.number().int().positive({ error: "Choose a category from the list." }).optional()),
  members: z.preprocess(blank, z.enum(["only", "everyone"], { error: "Choose members only or everyone." }).optional()),
  sort: z.preprocess(blank, z.enum(NEWS_SORTS, { error: "Sort by a column of the list." }).default("updated")),
  dir: z.preprocess(blank, z.enum(["asc", "desc"]).default("desc")),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
});

export interface NewsListRow {
  id: number;
  title: string;
  section: NewsSection;
  category: string | null;
  status: NewsStatus;
  membersOnly: boolean;
  author: string;
  updatedAt: string;
  publishedAt: string | null;
  /** The post's page on the site (shown when published). */
  path: string;
}

export interface CategoryChoice {
  id: number;
  name: string;
}

const ORDER: Readonly<Record<(typeof NEWS_SORTS)[number], SQL>> = {
  updated: sql`p.updated_at`,
  title: sql`lower(p.title)`,
  published: sql`p.published_at`,
};

export async function newsList(db: Db, raw: unknown) {
  const query = parseInput(ListQuery, raw instanceof URLSearchParams ? Object.fromEntries(raw) : raw);
  const where: SQL[] = [sql`true`];
  if (query.q) {
    const text = likeLiteral(query.q);
    where.push(sql`(p.title ilike ${text} or p.slug ilike ${text} or p.author ilike ${text})`);
  }
  if (query.status) where.push(statusIs(query.status));
  if (query.section) where.push(sql`p.section = ${query.section}`);
  if (query.category) where.push(sql`p.category_id = ${query.category}`);
  if (query.members) where.push(query.members === "only" ? sql`p.members_only` : sql`not p.members_only`);
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  const rows = await queryRows<Omit<NewsListRow, "status" | "path"> & { slug: string; archivedAt: string | null; total: number }>(
    db,
    sql`select p.id, p.title, p.slug, p.section, c.name as category, p.members_only as "membersOnly", p.author,
               ${isoUtc(sql`p.updated_at`)} as "updatedAt", ${isoUtc(sql`p.published_at`)} as "publishedAt",
               ${isoUtc(sql`p.archived_at`)} as "archivedAt", count(*) over () :: int as total
        from news_posts p left join news_categories c on c.id = p.category_id
        where ${sql.join(where, sql` and `)}
        order by ${ORDER[query.sort]} ${direction} nulls last, p.id ${direction}
        limit ${NEWS_LIST_PAGE_SIZE} offset ${(query.page - 1) * NEWS_LIST_PAGE_SIZE}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map(({ total: _total, archivedAt, slug, ...row }): NewsListRow => ({
      ...row,
      status: newsStatusOf({ publishedAt: row.publishedAt, archivedAt }),
      path: postPath({ section: row.section, slug }),
    })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / NEWS_LIST_PAGE_SIZE)),
    categories: await categoryChoices(db),
  };
}

export function categoryChoices(db: Db): Promise<CategoryChoice[]> {
  return queryRows(db, sql`select id, name from news_categories order by position, name`);
}

/** A post as its editor shows it. */
export interface EditablePost {
  id: number;
  documentId: string;
  version: string;
  title: string;
  slug: string;
  section: NewsSection;
  excerpt: string;
  body: string;
  author: string;
  categoryId: number | null;
  cover: { id: number; src: string; alt: string } | null;
  videos: string[];
  membersOnly: boolean;
  seoDescription: string;
  status: NewsStatus;
  /** ISO, UTC. */
  publishedAt: string | null;
  updatedAt: string;
  path: string;
}

export async function editablePost(db: Db, id: number): Promise<EditablePost> {
  const [row] = await queryRows<
    Omit<EditablePost, "cover" | "status" | "path"> & {
      archivedAt: string | null;
      coverId: number | null;
      coverPath: string | null;
      coverAlt: string | null;
    }
  >(
    db,
    sql`select p.id, p.document_id as "documentId", ${postVersionOf(sql`p.updated_at`)} as version, p.title, p.slug,
               p.section, p.excerpt, p.body, p.author, p.category_id as "categoryId", p.videos,
               p.members_only as "membersOnly", p.seo_description as "seoDescription",
               ${isoUtc(sql`p.published_at`)} as "publishedAt", ${isoUtc(sql`p.updated_at`)} as "updatedAt",
               ${isoUtc(sql`p.archived_at`)} as "archivedAt",
               m.id as "coverId", m.path as "coverPath", m.alternative_text as "coverAlt"
        from news_posts p left join media_files m on m.id = p.cover_id
        where p.id = ${id}`,
  );
  if (!row) throw postNotFound();
  const { archivedAt, coverId, coverPath, coverAlt, ...post } = row;
  return {
    ...post,
    cover:
      coverId !== null && coverPath !== null ? { id: coverId, src: storedImageSource(coverPath), alt: coverAlt ?? "" } : null,
    status: newsStatusOf({ publishedAt: post.publishedAt, archivedAt }),
    path: postPath(post),
  };
}
