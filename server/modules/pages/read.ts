import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import type { PageBlock } from "../../db/schema/index.ts";

/** A published page of the shop's own, whole: the caller decides what a reader may see. */
export interface PageRow {
  slug: string;
  title: string;
  description: string;
  blocks: PageBlock[];
  membersOnly: boolean;
  blocked: boolean;
  updatedAt: string;
}

// A draft's null published_at is not <= now().
const PUBLISHED = sql`published_at <= now()`;

export async function pageRow(db: Db, slug: string): Promise<PageRow | null> {
  const [row] = await queryRows<PageRow>(
    db,
    sql`select slug, title, description, blocks, members_only as "membersOnly", blocked,
          ${isoUtc(sql`updated_at`)} as "updatedAt"
        from pages where ${PUBLISHED} and slug = ${slug}`,
  );
  return row ?? null;
}

/** The pages the sitemap lists: published, not blocked, not left out by the owner. */
export function sitemapPageSlugs(db: Db): Promise<{ slug: string }[]> {
  return queryRows(db, sql`select slug from pages where ${PUBLISHED} and not blocked and in_sitemap order by slug`);
}

export interface MediaRef {
  path: string;
  alt: string;
  width: number;
  height: number;
}

/** Media files by id or documentId (a page's image blocks name them either way). */
export async function mediaByRef(db: Db, refs: readonly (number | string)[]): Promise<Map<number | string, MediaRef>> {
  const ids = refs.filter((ref): ref is number => typeof ref === "number");
  const documentIds = refs.filter((ref): ref is string => typeof ref === "string");
  if (ids.length === 0 && documentIds.length === 0) return new Map();
  const rows = await queryRows<MediaRef & { id: number; document_id: string }>(
    db,
    sql`select id, document_id, path, alternative_text as alt, width, height from media_files
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
           or document_id in (select jsonb_array_elements_text(${JSON.stringify(documentIds)}::jsonb))`,
  );
  const found = new Map<number | string, MediaRef>();
  for (const { id, document_id, ...media } of rows) {
    found.set(id, media);
    found.set(document_id, media);
  }
  return found;
}

/**
 * Old addresses of pages whose slug changed (the pages editor keeps them in slug_redirects, kind
 * "page"; ADR 75): the page route asks here before answering 404, and the old address answers 301
 * while the page is on the site.
 */
export async function movedPagePath(db: Db, path: string): Promise<string | null> {
  if (path.length > 200) return null;
  const [row] = await queryRows<{ address: string }>(
    db,
    sql`select '/' || p.slug as address from slug_redirects r join pages p on p.id = r.target_id
        where r.kind = 'page' and r.from_path = ${path} and p.published_at <= now() and not p.blocked`,
  );
  return row && row.address !== path ? row.address : null;
}
