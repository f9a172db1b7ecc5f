import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Db } from "../../db/client.ts";
import type { PageBlock } from "../../db/schema/index.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { parseInput } from "../../lib/shop-error.ts";
import {
  EDITORIAL_STATUSES,
  editorialStatusOf,
  likeLiteral,
  parts,
  statusIs,
  versionOf,
  type EditorialStatus,
} from "../editorial/index.ts";
import { pageNotFound, pagePath } from "./editor-save.ts";

/* What the back office reads of the shop's pages (ADR 75): the list, and one page whole for its editor. */

export const PAGE_SORTS = ["updated", "title", "published"] as const;
const ListQuery = z.object({
  q: parts.optional(z.string().trim().max(200)),
  status: parts.optional(z.enum(EDITORIAL_STATUSES, { error: "Choose a status from the list." })),
  members: parts.optional(z.enum(["only", "everyone"], { error: "Choose members only or everyone." })),
  sort: z.preprocess(parts.blank, z.enum(PAGE_SORTS, { error: "Sort by a column of the list." }).default("updated")),
  dir: z.preprocess(parts.blank, z.enum(["asc", "desc"]).default("desc")),
});

export interface PageListRow {
  id: number;
  title: string;
  slug: string;
  status: EditorialStatus;
  membersOnly: boolean;
  updatedAt: string;
  publishedAt: string | null;
  path: string;
}

const ORDER: Readonly<Record<(typeof PAGE_SORTS)[number], SQL>> = {
  updated: sql`p.updated_at`,
  title: sql`lower(p.title)`,
  published: sql`p.published_at`,
};

/** Every page (a shop has tens, not thousands: one list, no pages of it), filtered and sorted as the address says. */
export async function pagesList(db: Db, raw: unknown) {
  const query = parseInput(ListQuery, raw instanceof URLSearchParams ? Object.fromEntries(raw) : raw);
  const where: SQL[] = [sql`true`];
  if (query.q) where.push(sql`(p.title ilike ${likeLiteral(query.q)} or p.slug ilike ${likeLiteral(query.q)})`);
  if (query.status) where.push(statusIs(query.status));
  if (query.members) where.push(query.members === "only" ? sql`p.members_only` : sql`not p.members_only`);
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  const rows = await queryRows<Omit<PageListRow, "status" | "path"> & { archivedAt: string | null }>(
    db,
    sql`select p.id, p.title, p.slug, p.members_only as "membersOnly", ${isoUtc(sql`p.updated_at`)} as "updatedAt",
               ${isoUtc(sql`p.published_at`)} as "publishedAt", ${isoUtc(sql`p.archived_at`)} as "archivedAt"
        from pages p where ${sql.join(where, sql` and `)}
        order by ${ORDER[query.sort]} ${direction} nulls last, p.id ${direction}`,
  );
  return {
    rows: rows.map(({ archivedAt, ...row }): PageListRow => ({
      ...row,
      status: editorialStatusOf({ publishedAt: row.publishedAt, archivedAt }),
      path: pagePath(row),
    })),
    total: rows.length,
    page: 1,
    pages: 1,
  };
}

export interface EditablePage {
  id: number;
  version: string;
  title: string;
  slug: string;
  description: string;
  /** The Markdown of its text blocks, in order (the form's text fields). */
  texts: string[];
  /** Its other blocks' kinds, in order: kept as they are (edited through the content API). */
  otherBlocks: string[];
  membersOnly: boolean;
  inSitemap: boolean;
  blocked: boolean;
  status: EditorialStatus;
  publishedAt: string | null;
  updatedAt: string;
  path: string;
}

export async function editablePage(db: Db, id: number): Promise<EditablePage> {
  const [row] = await queryRows<{
    id: number;
    version: string;
    title: string;
    slug: string;
    description: string;
    blocks: PageBlock[];
    membersOnly: boolean;
    inSitemap: boolean;
    blocked: boolean;
    publishedAt: string | null;
    updatedAt: string;
    archivedAt: string | null;
  }>(
    db,
    sql`select id, ${versionOf(sql`updated_at`)} as version, title, slug, description, blocks,
               members_only as "membersOnly", in_sitemap as "inSitemap", blocked,
               ${isoUtc(sql`published_at`)} as "publishedAt", ${isoUtc(sql`updated_at`)} as "updatedAt",
               ${isoUtc(sql`archived_at`)} as "archivedAt"
        from pages where id = ${id}`,
  );
  if (!row) throw pageNotFound();
  const { blocks, archivedAt, ...page } = row;
  return {
    ...page,
    texts: blocks.filter((block) => block.kind === "text").map((block) => String(block.markdown ?? "")),
    otherBlocks: blocks.filter((block) => block.kind !== "text").map((block) => block.kind),
    status: editorialStatusOf({ publishedAt: page.publishedAt, archivedAt }),
    path: pagePath(page),
  };
}
