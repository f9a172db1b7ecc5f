import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { storedImageSource } from "../media/index.ts";
import { mediaNotFound } from "./records.ts";
import { ListInput } from "./schemas.ts";
import type { MediaFilter, MediaUse } from "./shared.ts";
import { IN_USE, usesOf } from "./uses.ts";

/** An image as a chooser offers it (the news editor's cover, a page's picture). */
export interface ImageChoice {
  id: number;
  documentId: string;
  name: string;
  alt: string;
  /** The image endpoint's source address (a /media/ or /uploads/ address): imageUrl(preset, width, src) renders it. */
  src: string;
  width: number;
  height: number;
}

/** One image as the library shows it. */
export interface MediaItem extends ImageChoice {
  /** Bytes; 0: not known (an upload made before the library). */
  size: number;
  createdAt: string;
  version: string;
  uses: MediaUse[];
}

export const PAGE_SIZE = 48;

interface Row {
  id: number;
  document_id: string;
  name: string;
  alternative_text: string;
  path: string;
  width: number;
  height: number;
  size: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const SELECT = sql`select m.id, m.document_id, m.name, m.alternative_text, m.path, m.width, m.height, m.size, m.created_at, m.updated_at
  from media_files m`;

export type ChoiceRow = Pick<Row, "id" | "document_id" | "name" | "alternative_text" | "path" | "width" | "height">;

export function choiceOf(row: ChoiceRow): ImageChoice {
  return {
    id: Number(row.id),
    documentId: row.document_id,
    name: row.name,
    alt: row.alternative_text,
    src: storedImageSource(row.path),
    width: Number(row.width),
    height: Number(row.height),
  };
}

async function itemsOf(db: Db, rows: Row[]): Promise<MediaItem[]> {
  const uses = await usesOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({
    ...choiceOf(row),
    size: Number(row.size),
    createdAt: iso(row.created_at),
    version: iso(row.updated_at),
    uses: uses.get(Number(row.id)) ?? [],
  }));
}

export function whereOf(q: string, filter: MediaFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (q !== "") {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(m.name ilike ${like} or m.alternative_text ilike ${like})`);
  }
  if (filter === "unused") parts.push(sql`not ${IN_USE}`);
  if (filter === "no-alt") parts.push(sql`btrim(m.alternative_text) = ''`);
  return sql.join(parts, sql` and `);
}

/** The library's page: newest first, searched by name or description, filtered, 48 a page. */
export async function listMedia(scope: Scope, raw: unknown) {
  const input = parseInput(ListInput, raw);
  const where = whereOf(input.q, input.filter);
  const [[count], rows] = await Promise.all([
    queryRows<{ total: number }>(scope.db, sql`select count(*)::int as total from media_files m where ${where}`),
    queryRows<Row>(
      scope.db,
      sql`${SELECT} where ${where} order by m.created_at desc, m.id desc
          limit ${PAGE_SIZE} offset ${(input.page - 1) * PAGE_SIZE}`,
    ),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    ...input,
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    items: await itemsOf(scope.db, rows),
  };
}

/** One image with every use; ENTRY_NOT_FOUND when there is none. */
export async function mediaItem(scope: Scope, id: number): Promise<MediaItem> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw mediaNotFound();
  const rows = await queryRows<Row>(scope.db, sql`${SELECT} where m.id = ${id}`);
  if (rows.length === 0) throw mediaNotFound();
  return (await itemsOf(scope.db, rows))[0]!;
}
