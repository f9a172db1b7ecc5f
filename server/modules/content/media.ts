import { sql } from "drizzle-orm";
import { imageUrl, storedImageSource } from "../media/index.ts";

/*
 * An image as the content backend's media field answers it (Strapi's upload file): the original
 * under /media/, and its renderings through the image endpoint as `formats`.
 */

export const MEDIA_SELECT = sql`m.id, m.document_id, m.name, m.alternative_text, m.path, m.mime, m.width, m.height, m.size,
  to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const FORMATS = { thumbnail: 240, small: 480, medium: 800, large: 1200 } as const;

export function mediaEntry(row: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  const path = String(row.path);
  const src = storedImageSource(path);
  const dot = path.lastIndexOf(".");
  const width = Number(row.width);
  const height = Number(row.height);
  const formats = Object.fromEntries(
    Object.entries(FORMATS)
      .filter(([, w]) => w < width)
      .map(([name, w]) => [
        name,
        {
          name: `${name}_${row.name}`,
          ext: ".webp",
          mime: "image/webp",
          width: w,
          height: Math.round((w * 9) / 16),
          url: imageUrl("cover", w, src),
        },
      ]),
  );
  const entry: Record<string, unknown> = {
    id: row.id,
    documentId: row.document_id,
    name: row.name,
    alternativeText: row.alternative_text,
    caption: null,
    width,
    height,
    formats: Object.keys(formats).length > 0 ? formats : null,
    hash: dot > 0 ? path.slice(path.lastIndexOf("/") + 1, dot) : path,
    ext: dot > 0 ? path.slice(dot) : "",
    mime: row.mime,
    // Kilobytes, as Strapi gives it.
    size: Math.round(Number(row.size) / 10.24) / 100,
    url: src,
    previewUrl: null,
    provider: "local",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.created_at,
  };
  if (fields === null) return entry;
  return Object.fromEntries(
    Object.entries(entry).filter(([key]) => key === "id" || key === "documentId" || fields.includes(key)),
  );
}
