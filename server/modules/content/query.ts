import type { CollectionDef } from "./collection.ts";
import { comparableType } from "./keys.ts";
import { invalidKey, invalidValue } from "./query-errors.ts";

/*
 * The query parameters of /api/{collection} besides `filters` (where.ts), as Strapi 5 reads them
 * after `qs`: sort, fields, populate, pagination and status. Keys are checked against the
 * collection: an unknown or private one answers 400 "Invalid key" (ADR 39).
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface SortKey {
  /** A field, or a relation and its target's field (category.name). */
  path: string[];
  direction: "asc" | "desc";
}

export type Pagination =
  | { mode: "page"; page: number; pageSize: number; withCount: boolean }
  | { mode: "offset"; start: number; limit: number; withCount: boolean };

/** What to populate: a relation or media field, with the fields and nested populate of its own. */
export interface Populate {
  [key: string]: { fields: string[] | null; populate: Populate };
}

export interface EntryQuery {
  filters: unknown;
  sort: SortKey[];
  pagination: Pagination;
  /** Null: every field. */
  fields: string[] | null;
  populate: Populate;
  status: "published" | "draft";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "a,b", ["a","b"] or {0:"a",1:"b"} (qs past its array limit) as a list of names. */
function names(value: unknown): string[] | null {
  if (typeof value === "string")
    return value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.flatMap((item) => names(item)!);
  if (isObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) return names(Object.values(value));
  return null;
}

export function parseEntryQuery(
  def: CollectionDef,
  collections: ReadonlyMap<string, CollectionDef>,
  raw: Record<string, unknown>,
): EntryQuery {
  return {
    filters: raw.filters,
    sort: parseSort(def, collections, raw.sort),
    pagination: parsePagination(raw),
    fields: parseFields(def, raw.fields),
    populate: parsePopulate(def, collections, raw.populate, ""),
    status: parseStatus(raw.status),
  };
}

/** The query of one entry (GET /api/{collection}/{id}): fields, populate and status only. */
export function parseOneQuery(def: CollectionDef, collections: ReadonlyMap<string, CollectionDef>, raw: Record<string, unknown>) {
  return {
    fields: parseFields(def, raw.fields),
    populate: parsePopulate(def, collections, raw.populate, ""),
    status: parseStatus(raw.status),
  };
}

export function parseStatus(value: unknown): "published" | "draft" {
  if (value === undefined || value === "published") return "published";
  if (value === "draft") return "draft";
  throw invalidValue("status", "status", "status must be published or draft");
}

/** The keys `fields` may name: id, documentId, publishedAt and any field (JSON and computed ones too). */
function isScalar(def: CollectionDef, key: string): boolean {
  if (key === "id" || key === "documentId") return true;
  if (key === "publishedAt") return def.publishedAt !== undefined;
  return Object.hasOwn(def.fields, key);
}

function parseFields(def: CollectionDef, value: unknown): string[] | null {
  if (value === undefined || value === "*" || value === "") return null;
  const list = names(value);
  if (!list) throw invalidValue("fields", "fields", "fields takes field names: fields[0]=title or fields=title,slug");
  if (list.includes("*")) return null;
  for (const key of list)
    if (!isScalar(def, key)) throw invalidKey("fields", key, def.relations?.[key] || def.media?.[key] ? key : null);
  return list;
}

function parseSort(def: CollectionDef, collections: ReadonlyMap<string, CollectionDef>, value: unknown): SortKey[] {
  if (value === undefined || value === "") return [];
  const items: string[] = [];
  if (isObject(value) && !Object.keys(value).every((key) => /^\d+$/.test(key))) {
    // sort[title]=desc
    for (const [key, direction] of Object.entries(value)) items.push(`${key}:${String(direction)}`);
  } else {
    const list = names(value);
    if (!list) throw invalidValue("sort", "sort", "sort takes field:asc or field:desc, such as sort=publishedAt:desc");
    items.push(...list);
  }
  return items.map((item) => {
    const [name, direction = "asc", extra] = item.split(":");
    if (extra !== undefined || !/^(asc|desc)$/i.test(direction))
      throw invalidValue("sort", "sort", "Invalid order. order can only be one of asc|desc|ASC|DESC");
    const path = name!.split(".");
    if (path.length === 1) {
      if (comparableType(def, path[0]!) === null) throw invalidKey("sort", path[0]!, def.relations?.[path[0]!] ? path[0]! : null);
    } else {
      const relation = path.length === 2 ? def.relations?.[path[0]!] : undefined;
      const target = relation ? collections.get(relation.target) : undefined;
      if (!target || comparableType(target, path[1]!) === null) throw invalidKey("sort", path.at(-1)!, name!);
    }
    return { path, direction: direction.toLowerCase() as "asc" | "desc" };
  });
}

function positiveInteger(value: unknown, path: string): number {
  const text = String(value);
  if (!/^-?\d{1,9}$/.test(text)) throw invalidValue("pagination", path, `${path} must be a whole number`);
  return Number(text);
}

function parsePagination(raw: Record<string, unknown>): Pagination {
  for (const key of ["page", "pageSize", "start", "limit"])
    if (raw[key] !== undefined)
      throw invalidValue(
        "pagination",
        key,
        "Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object",
      );
  const value = raw.pagination;
  if (value === undefined) return { mode: "page", page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  if (!isObject(value))
    throw invalidValue(
      "pagination",
      "pagination",
      "pagination takes pagination[page] and pagination[pageSize], or pagination[start] and pagination[limit]",
    );
  for (const key of Object.keys(value))
    if (!["page", "pageSize", "start", "limit", "withCount"].includes(key))
      throw invalidKey("pagination", key, `pagination.${key}`);
  let withCount = true;
  if (value.withCount !== undefined) {
    const text = String(value.withCount).toLowerCase();
    if (!["true", "t", "1", "false", "f", "0"].includes(text))
      throw invalidValue("pagination", "pagination.withCount", "Invalid withCount parameter. Expecting a boolean");
    withCount = ["true", "t", "1"].includes(text);
  }
  const byPage = value.page !== undefined || value.pageSize !== undefined;
  const byOffset = value.start !== undefined || value.limit !== undefined;
  if (byPage && byOffset)
    throw invalidValue("pagination", "pagination", "Cannot use both page & offset pagination in the same query");
  // As Strapi: sizes are clamped to 1..100, and a page below 1 is the first.
  const clamp = (n: number) => Math.min(MAX_PAGE_SIZE, Math.max(1, n));
  if (byOffset) {
    const start = value.start === undefined ? 0 : Math.max(0, positiveInteger(value.start, "pagination.start"));
    const limit = value.limit === undefined ? DEFAULT_PAGE_SIZE : clamp(positiveInteger(value.limit, "pagination.limit"));
    return { mode: "offset", start, limit, withCount };
  }
  const page = value.page === undefined ? 1 : Math.max(1, positiveInteger(value.page, "pagination.page"));
  const pageSize =
    value.pageSize === undefined ? DEFAULT_PAGE_SIZE : clamp(positiveInteger(value.pageSize, "pagination.pageSize"));
  return { mode: "page", page, pageSize, withCount };
}

/** populate=*, populate=a,b, populate[0]=a, populate[a]=true, populate[a][fields][0]=x, populate[a][populate]=... */
/** How deep populate may nest (category.parent.parent...): each level is one more query. */
const MAX_POPULATE_DEPTH = 5;

function parsePopulate(
  def: CollectionDef,
  collections: ReadonlyMap<string, CollectionDef>,
  value: unknown,
  path: string,
): Populate {
  if (path !== "" && path.split(".").length >= MAX_POPULATE_DEPTH)
    throw invalidValue("populate", path, `populate nests at most ${MAX_POPULATE_DEPTH} levels deep`);
  const populable = [...Object.keys(def.relations ?? {}), ...Object.keys(def.media ?? {})];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (value === undefined || value === "" || value === false || value === "false") return {};
  if (value === "*" || value === true || value === "true")
    return Object.fromEntries(populable.map((key) => [key, { fields: null, populate: {} }]));
  const list = names(value);
  const result: Populate = {};
  if (list) {
    for (const name of list) {
      if (name === "*") return parsePopulate(def, collections, "*", path);
      // populate=category.brand: a nested one by its dotted path.
      const [head, ...rest] = name.split(".");
      if (!populable.includes(head!)) throw invalidKey("populate", head!, at(head!));
      const nested =
        rest.length > 0 ? parsePopulate(targetOf(def, collections, head!), collections, rest.join("."), at(head!)) : {};
      result[head!] = { fields: null, populate: { ...result[head!]?.populate, ...nested } };
    }
    return result;
  }
  if (!isObject(value)) throw invalidValue("populate", path || "populate", "populate takes *, field names, or an object");
  for (const [key, options] of Object.entries(value)) {
    if (!populable.includes(key)) throw invalidKey("populate", key, path ? at(key) : null);
    if (options === true || options === "true" || options === "*") {
      result[key] = { fields: null, populate: {} };
      continue;
    }
    if (!isObject(options))
      throw invalidValue("populate", at(key), `populate[${key}] takes true or an object with fields and populate`);
    for (const option of Object.keys(options))
      if (option !== "fields" && option !== "populate") throw invalidKey("populate", option, at(key));
    const target = def.media?.[key] ? null : targetOf(def, collections, key);
    result[key] = {
      fields: target ? parseFields(target, options.fields) : parseMediaFields(options.fields, at(key)),
      populate: target ? parsePopulate(target, collections, options.populate, at(key)) : {},
    };
  }
  return result;
}

function targetOf(def: CollectionDef, collections: ReadonlyMap<string, CollectionDef>, key: string): CollectionDef {
  const relation = def.relations?.[key];
  const target = relation ? collections.get(relation.target) : undefined;
  if (!target) throw invalidKey("populate", key, key);
  return target;
}

export const MEDIA_FIELDS = [
  "id",
  "documentId",
  "name",
  "alternativeText",
  "caption",
  "width",
  "height",
  "formats",
  "hash",
  "ext",
  "mime",
  "size",
  "url",
  "previewUrl",
  "provider",
  "createdAt",
  "updatedAt",
  "publishedAt",
] as const;

function parseMediaFields(value: unknown, path: string): string[] | null {
  if (value === undefined || value === "*") return null;
  const list = names(value);
  if (!list) throw invalidValue("populate", path, "fields takes field names");
  for (const key of list) if (!(MEDIA_FIELDS as readonly string[]).includes(key)) throw invalidKey("populate", key, path);
  return list;
}
