import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import { mediaEntry, MEDIA_SELECT } from "./media.ts";
import { lockedFor, mayWrite, type Access, type Alias, type CollectionDef } from "./collection.ts";
import type { EntryQuery, Populate } from "./query.ts";
import { keyExpr, visibility, visibleExpr } from "./keys.ts";
import { whereOf, type WhereContext } from "./where.ts";

/*
 * Reading entries (GET /api/{collection}[/{documentId}]): one query for the page, one for the
 * count, and one per populated relation or media field, whatever the number of entries.
 */

export type Entry = Record<string, unknown>;

export interface PageMeta {
  pagination:
    { page: number; pageSize: number; pageCount?: number; total?: number } | { start: number; limit: number; total?: number };
}

interface ReadContext {
  collections: ReadonlyMap<string, CollectionDef>;
  access: Access;
}

const FOREIGN = "__fk_";
const GATED = "__members_only";

function aliases() {
  let n = 0;
  return (): Alias => sql`${sql.identifier(`e${n++}`)}`;
}

const iso = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Drafts are for the collection's writers; others asking for them are refused. */
function checkStatus(def: CollectionDef, access: Access, status: "published" | "draft") {
  if (status === "draft" && def.draftAndPublish && !mayWrite(def, access)) {
    throw new ShopError(
      access.loggedIn ? "FORBIDDEN" : "UNAUTHENTICATED",
      access.loggedIn ? "Forbidden" : "Missing or invalid credentials",
    );
  }
}

/** The select list: id, documentId, the fields asked for, the foreign keys to populate, and the members-only flag. */
function selection(def: CollectionDef, row: Alias, fields: string[] | null, populate: Populate, access: Access): SQL {
  const parts: SQL[] = [sql`${row}.id as id`, sql`${row}.document_id as "documentId"`];
  const wanted = (key: string) => fields === null || fields.includes(key);
  for (const [key, field] of Object.entries(def.fields)) {
    if (!wanted(key)) continue;
    const expr = visibleExpr(def, row, field, access);
    parts.push(sql`${field.type === "datetime" ? iso(expr) : expr} as ${sql.identifier(key)}`);
  }
  if (def.publishedAt && wanted("publishedAt")) parts.push(sql`${iso(def.publishedAt(row))} as "publishedAt"`);
  for (const key of Object.keys(populate)) {
    const foreignKey = def.relations?.[key]?.foreignKey ?? def.media?.[key]?.foreignKey;
    if (foreignKey) parts.push(sql`${foreignKey(row)} as ${sql.identifier(FOREIGN + key)}`);
  }
  const locked = lockedFor(def, row, access);
  if (locked !== null) parts.push(sql`${locked} as ${sql.identifier(GATED)}`);
  return sql.join(parts, sql`, `);
}

function orderBy(def: CollectionDef, row: Alias, query: EntryQuery, context: ReadContext, nextAlias: () => Alias): SQL {
  const keys = query.sort.map(({ path, direction }) => {
    const dir = sql.raw(direction);
    if (path.length === 1) return sql`${keyExpr(def, row, path[0]!, context.access)} ${dir}`;
    const relation = def.relations![path[0]!]!;
    const target = context.collections.get(relation.target)!;
    const inner = nextAlias();
    const expr = keyExpr(target, inner, path[1]!, context.access);
    // A draft relation sorts as no relation: its fields are not the visitor's to learn.
    return sql`(select ${expr} from ${target.from} ${inner} where ${inner}.id = ${relation.foreignKey(row)} and ${visibility(target, inner, "published")}) ${dir}`;
  });
  return sql.join([...keys, sql`${row}.id asc`], sql`, `);
}

/** GET /api/{collection}: a page of entries and its pagination. */
export async function findEntries(
  scope: Scope,
  def: CollectionDef,
  query: EntryQuery,
  context: ReadContext,
): Promise<{ data: Entry[]; meta: PageMeta }> {
  checkStatus(def, context.access, query.status);
  const nextAlias = aliases();
  const row = nextAlias();
  const whereContext: WhereContext = { ...context, nextAlias };
  const filters = whereOf(def, row, query.filters, whereContext);
  const where = sql`${visibility(def, row, query.status)} and ${filters ?? sql`true`}`;
  const { pagination } = query;
  const limit = pagination.mode === "page" ? pagination.pageSize : pagination.limit;
  const offset = pagination.mode === "page" ? (pagination.page - 1) * pagination.pageSize : pagination.start;
  const [rows, counted] = await Promise.all([
    queryRows<Entry>(
      scope.db,
      sql`select ${selection(def, row, query.fields, query.populate, context.access)} from ${def.from} ${row}
          where ${where} order by ${orderBy(def, row, query, context, nextAlias)} limit ${limit} offset ${offset}`,
    ),
    pagination.withCount
      ? queryRows<{ total: number }>(scope.db, sql`select count(*)::int as total from ${def.from} ${row} where ${where}`)
      : Promise.resolve(null),
  ]);
  const data = await shape(scope, def, rows, query.fields, query.populate, query.status, context);
  const total = counted?.[0]?.total;
  const meta: PageMeta =
    pagination.mode === "page"
      ? {
          pagination: {
            page: pagination.page,
            pageSize: pagination.pageSize,
            ...(total === undefined ? {} : { pageCount: Math.ceil(total / pagination.pageSize), total }),
          },
        }
      : { pagination: { start: pagination.start, limit: pagination.limit, ...(total === undefined ? {} : { total }) } };
  return { data, meta };
}

/** GET /api/{collection}/{documentId} (or an entry just written, by its id): the entry, or ENTRY_NOT_FOUND. */
export async function findEntry(
  scope: Scope,
  def: CollectionDef,
  key: { documentId: string } | { id: number },
  query: Pick<EntryQuery, "fields" | "populate" | "status">,
  context: ReadContext,
): Promise<Entry> {
  checkStatus(def, context.access, query.status);
  const row = aliases()();
  const rows = await queryRows<Entry>(
    scope.db,
    sql`select ${selection(def, row, query.fields, query.populate, context.access)} from ${def.from} ${row}
        where ${"id" in key ? sql`${row}.id = ${key.id}` : sql`${row}.document_id = ${key.documentId}`} and ${visibility(def, row, query.status)} limit 1`,
  );
  if (rows.length === 0) throw new ShopError("ENTRY_NOT_FOUND", "Not Found");
  const [entry] = await shape(scope, def, rows, query.fields, query.populate, query.status, context);
  return entry!;
}

/** Rows as entries: computed fields, members-only content taken out, populated relations and media put in. */
async function shape(
  scope: Scope,
  def: CollectionDef,
  rows: Entry[],
  fields: string[] | null,
  populate: Populate,
  status: "published" | "draft",
  context: ReadContext,
): Promise<Entry[]> {
  const populated = new Map<string, Map<number, Entry>>();
  for (const [key, options] of Object.entries(populate)) {
    const ids = [...new Set(rows.map((r) => r[FOREIGN + key]).filter((id): id is number => typeof id === "number"))];
    populated.set(
      key,
      def.media?.[key]
        ? await mediaById(scope, ids, options.fields)
        : await relatedById(scope, def, key, ids, options, status, context),
    );
  }
  return rows.map((r) => {
    const entry: Entry = {};
    const gated = r[GATED] === true;
    for (const [key, value] of Object.entries(r)) {
      if (key.startsWith(FOREIGN) || key === GATED) continue;
      if (gated && def.fields[key]?.gated) continue;
      entry[key] = value;
    }
    for (const [key, field] of Object.entries(def.fields))
      if (field.computed && key in entry) entry[key] = field.computed(entry[key]);
    for (const key of Object.keys(populate)) {
      const id = r[FOREIGN + key];
      entry[key] = typeof id === "number" ? (populated.get(key)!.get(id) ?? null) : null;
    }
    return entry;
  });
}

async function relatedById(
  scope: Scope,
  def: CollectionDef,
  key: string,
  ids: number[],
  options: Populate[string],
  status: "published" | "draft",
  context: ReadContext,
): Promise<Map<number, Entry>> {
  if (ids.length === 0) return new Map();
  const target = context.collections.get(def.relations![key]!.target)!;
  // A writer's drafts populate drafts only where they may write the target too.
  const targetStatus = status === "draft" && mayWrite(target, context.access) ? "draft" : "published";
  const row = aliases()();
  const rows = await queryRows<Entry>(
    scope.db,
    sql`select ${selection(target, row, options.fields, options.populate, context.access)} from ${target.from} ${row}
        where ${row}.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${visibility(target, row, targetStatus)}`,
  );
  const entries = await shape(scope, target, rows, options.fields, options.populate, targetStatus, context);
  return new Map(entries.map((entry) => [entry.id as number, entry]));
}

async function mediaById(scope: Scope, ids: number[], fields: string[] | null): Promise<Map<number, Entry>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Record<string, unknown>>(
    scope.db,
    sql`select ${MEDIA_SELECT} from media_files m where m.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id as number, mediaEntry(r, fields)]));
}
