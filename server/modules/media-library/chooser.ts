import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { storedImageSource } from "../media/index.ts";
import { ChooserInput } from "./schemas.ts";

/** An image as a chooser offers it (the news editor's cover, a page's picture). */
export interface ImageChoice {
  id: number;
  documentId: string;
  name: string;
  alt: string;
  /** The image endpoint's source address: imageUrl(preset, width, src) renders it. */
  src: string;
  width: number;
  height: number;
}

/** The library's images for a chooser, newest first, searched by name or description (`q`), at most `limit` (60). */
export async function imageChoices(scope: Scope, raw: unknown = {}): Promise<ImageChoice[]> {
  const { q, limit } = parseInput(ChooserInput, raw);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{
    id: number;
    document_id: string;
    name: string;
    alternative_text: string;
    path: string;
    width: number;
    height: number;
  }>(
    scope.db,
    sql`select id, document_id, name, alternative_text, path, width, height from media_files
        where ${q === "" ? sql`true` : sql`(name ilike ${like} or alternative_text ilike ${like})`}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    documentId: row.document_id,
    name: row.name,
    alt: row.alternative_text,
    src: storedImageSource(row.path),
    width: Number(row.width),
    height: Number(row.height),
  }));
}
