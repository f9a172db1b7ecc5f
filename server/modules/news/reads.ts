import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { NewsSection } from "../../db/schema/index.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { storedImageSource } from "../media/index.ts";

/*
 * The newsroom's reads: what the news pages, the feed and the sitemap show. Published means
 * published by now; drafts and future posts are the editors' (through the content API).
 */

export interface NewsCategoryRef {
  slug: string;
  name: string;
}

export interface NewsTile {
  slug: string;
  section: NewsSection;
  title: string;
  excerpt: string;
  author: string;
  /** ISO time, UTC. */
  publishedAt: string;
  category: NewsCategoryRef | null;
  /** The cover's /media/ address and its description. */
  cover: { src: string; alt: string } | null;
  membersOnly: boolean;
}

export interface NewsPostRow extends NewsTile {
  id: number;
  body: string;
  videos: string[];
  updatedAt: string;
  /** What search engines and shares show (the editor's SEO description); empty: the excerpt. */
  seoDescription: string;
}

export interface NewsListQuery {
  section?: NewsSection;
  category?: string;
  page: number;
  pageSize: number;
}

export interface NewsCategoryCount extends NewsCategoryRef {
  description: string;
  count: number;
}

// A null published_at (a draft) is not <= now(): drafts are left out too.
const PUBLISHED = sql`p.published_at <= now()`;

const TILE_COLUMNS = sql`p.slug, p.section, p.title, p.excerpt, p.author, p.members_only,
  ${isoUtc(sql`p.published_at`)} as published_at,
  c.slug as category_slug, c.name as category_name, m.path as cover_path, m.alternative_text as cover_alt`;

const TILE_FROM = sql`news_posts p
  left join news_categories c on c.id = p.category_id and c.published_at <= now()
  left join media_files m on m.id = p.cover_id`;

interface TileRow {
  slug: string;
  section: NewsSection;
  title: string;
  excerpt: string;
  author: string;
  members_only: boolean;
  published_at: string;
  category_slug: string | null;
  category_name: string | null;
  cover_path: string | null;
  cover_alt: string | null;
}

function tileOf(row: TileRow): NewsTile {
  return {
    slug: row.slug,
    section: row.section,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    publishedAt: row.published_at,
    category: row.category_slug && row.category_name ? { slug: row.category_slug, name: row.category_name } : null,
    cover: row.cover_path ? { src: storedImageSource(row.cover_path), alt: row.cover_alt ?? "" } : null,
    membersOnly: row.members_only,
  };
}

function listingWhere(query: Pick<NewsListQuery, "section" | "category">): SQL {
  const parts = [PUBLISHED];
  if (query.section) parts.push(sql`p.section = ${query.section}`);
  if (query.category) parts.push(sql`c.slug = ${query.category}`);
  return sql.join(parts, sql` and `);
}

/** One page of tiles, newest first, and how many there are in all. */
export async function newsTiles(db: Db, query: NewsListQuery): Promise<{ tiles: NewsTile[]; total: number }> {
  const rows = await queryRows<TileRow & { total: number }>(
    db,
    sql`select ${TILE_COLUMNS}, count(*) over () :: int as total
        from ${TILE_FROM}
        where ${listingWhere(query)}
        order by p.published_at desc, p.id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  // A page past the end has no rows to carry the total: count it apart (rare, for the 404 only).
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await queryRows<{ total: number }>(
            db,
            sql`select count(*) :: int as total from ${TILE_FROM} where ${listingWhere(query)}`,
          )
        )[0]?.total ?? 0)
      : 0);
  return { tiles: rows.map(tileOf), total };
}

/** The categories that have published posts (in a section, when given), in the editors' order. */
export function newsCategoryCounts(db: Db, section?: NewsSection): Promise<NewsCategoryCount[]> {
  return queryRows<NewsCategoryCount>(
    db,
    sql`select c.slug, c.name, c.description, count(p.id) :: int as count
        from news_categories c join news_posts p on p.category_id = c.id and ${PUBLISHED}
          ${section ? sql`and p.section = ${section}` : sql``}
        where c.published_at <= now()
        group by c.id order by c.position, c.name`,
  );
}

// A post counts as updated when it was published, too: a scheduled post moves the feed when it appears.
const POST_COLUMNS = sql`p.body, p.videos, p.seo_description, ${isoUtc(sql`greatest(p.updated_at, p.published_at)`)} as updated_at`;

type PostRow = TileRow & { id: number; body: string; videos: string[]; seo_description: string; updated_at: string };

function postOf(row: PostRow): NewsPostRow {
  return {
    ...tileOf(row),
    id: row.id,
    body: row.body,
    videos: row.videos,
    seoDescription: row.seo_description ?? "",
    updatedAt: row.updated_at,
  };
}

/** A published post of a section by its slug, whole: the caller decides what a reader may see. */
export async function newsPostRow(db: Db, section: NewsSection, slug: string): Promise<NewsPostRow | null> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`select p.id, ${TILE_COLUMNS}, ${POST_COLUMNS} from ${TILE_FROM}
        where ${PUBLISHED} and p.section = ${section} and p.slug = ${slug}`,
  );
  return row ? postOf(row) : null;
}

/**
 * A post by its id whatever its status, whole (the preview link's page): a draft reads as if it
 * appeared now, a scheduled post at its moment.
 */
export async function newsPostRowById(db: Db, id: number): Promise<NewsPostRow | null> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`select p.id, p.slug, p.section, p.title, p.excerpt, p.author, p.members_only,
               ${isoUtc(sql`coalesce(p.published_at, now())`)} as published_at,
               c.slug as category_slug, c.name as category_name, m.path as cover_path, m.alternative_text as cover_alt,
               ${POST_COLUMNS}
        from news_posts p
          left join news_categories c on c.id = p.category_id
          left join media_files m on m.id = p.cover_id
        where p.id = ${id}`,
  );
  return row ? postOf(row) : null;
}

/** Up to `limit` other posts of the section, those of the same category first, newest first. */
export async function relatedTiles(db: Db, post: NewsPostRow, limit: number): Promise<NewsTile[]> {
  const rows = await queryRows<TileRow>(
    db,
    sql`select ${TILE_COLUMNS} from ${TILE_FROM}
        where ${PUBLISHED} and p.section = ${post.section} and p.id <> ${post.id}
        order by (c.slug is not distinct from ${post.category?.slug ?? null}) desc, p.published_at desc, p.id desc
        limit ${limit}`,
  );
  return rows.map(tileOf);
}

/** Every published post's section and slug, for the sitemap. */
export function publishedPostPaths(db: Db): Promise<{ section: NewsSection; slug: string; updatedAt: string }[]> {
  return queryRows(
    db,
    sql`select p.section, p.slug, ${isoUtc(sql`greatest(p.updated_at, p.published_at)`)} as "updatedAt"
        from news_posts p where ${PUBLISHED} order by p.published_at desc`,
  );
}

/** The newest public news posts, whole, for the feed (exclusives and members-only posts never). */
export async function latestPublicPosts(db: Db, limit: number): Promise<NewsPostRow[]> {
  const rows = await queryRows<PostRow>(
    db,
    sql`select p.id, ${TILE_COLUMNS}, ${POST_COLUMNS} from ${TILE_FROM}
        where ${PUBLISHED} and p.section = 'news' and not p.members_only
        order by p.published_at desc, p.id desc limit ${limit}`,
  );
  return rows.map(postOf);
}
