import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { mayWrite, type Access, type CollectionDef, type WriteDef } from "./collection.ts";

/*
 * Writing entries (POST, PUT, DELETE /api/{collection}), as Strapi 5 takes them: the body is
 * {data: {...}} with the entry's fields; id, documentId, createdAt and updatedAt may not be sent,
 * publishedAt is ignored, and `?status=draft` keeps the entry a draft (ADR 39).
 */

const READ_ONLY_KEYS = ["id", "documentId", "createdAt", "updatedAt"];

/** The writer's right to write, or the answer Strapi gives: 401 for guests, 403 for others. */
export function checkWriter(def: CollectionDef, access: Access) {
  if (mayWrite(def, access)) return;
  if (!access.loggedIn) throw new ShopError("UNAUTHENTICATED", "Missing or invalid credentials");
  throw new ShopError("FORBIDDEN", "Forbidden");
}

function invalidBodyKey(key: string, path: string | null): ShopError {
  return new ShopError("INVALID_INPUT", `Invalid key ${key}`, {
    field: `data.${key}`,
    details: { key, ...(path === null ? {} : { path }), source: "body" },
  });
}

/** `data` of the body, checked against the collection's schema (the whole entry on create, the fields sent on update). */
function parseData<Input>(write: WriteDef<Input>, body: unknown, partial: boolean): Partial<Input> {
  if (
    typeof body !== "object" ||
    body === null ||
    !("data" in body) ||
    typeof body.data !== "object" ||
    body.data === null ||
    Array.isArray(body.data)
  )
    throw new ShopError("INVALID_INPUT", 'Missing "data" payload in the request body', { field: "data" });
  const data = { ...(body.data as Record<string, unknown>) };
  delete data.publishedAt;
  const known = write.keys;
  for (const key of Object.keys(data)) {
    if (READ_ONLY_KEYS.includes(key)) throw invalidBodyKey(key, key === "id" || key === "documentId" ? null : key);
    if (!known.includes(key)) throw invalidBodyKey(key, key);
  }
  return parseInput(partial ? write.partial : write.schema, data, "data") as Partial<Input>;
}

/** A database refusal as the writer's error: a taken unique value, a relation still in use. */
function refusal(error: unknown, def: CollectionDef, removing = false): never {
  if (isUniqueViolation(error)) {
    // PostgreSQL names the column in its detail: Key (slug)=(winter-kit) already exists.
    const detail = String(
      (error as { detail?: string }).detail ?? (error as { cause?: { detail?: string } }).cause?.detail ?? "",
    );
    const column = /Key \(([a-z_]+)\)/.exec(detail)?.[1] ?? "";
    // Fields are named after their columns (a country's code is its `country` column).
    const key = column === "country" ? "code" : camel(column) || "data";
    throw new ShopError("INVALID_INPUT", "This attribute must be unique", { field: `data.${key}` });
  }
  if (isCheckViolation(error))
    throw new ShopError("INVALID_INPUT", "These values break a rule of this collection", { field: "data" });
  if (isForeignKeyViolation(error) && !removing)
    throw new ShopError("INVALID_INPUT", "This refers to an entry that does not exist", { field: "data" });
  if (isForeignKeyViolation(error))
    throw new ShopError("ENTRY_IN_USE", "Other entries still refer to this one, so it cannot be removed.", {
      details: { collection: def.apiId },
    });
  throw error;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

async function idOf(scope: Scope, def: CollectionDef, documentId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    scope.db,
    sql`select e.id from ${def.from} e where e.document_id = ${documentId} limit 1`,
  );
  if (!row) throw new ShopError("ENTRY_NOT_FOUND", "Not Found");
  return row.id;
}

export async function createEntry(
  scope: Scope,
  def: CollectionDef,
  access: Access,
  body: unknown,
  status: "published" | "draft",
): Promise<number> {
  checkWriter(def, access);
  const write = def.write!;
  const input = parseData(write, body, false);
  try {
    return await withTransaction(scope, (tx) =>
      write.create(tx, input, def.draftAndPublish && status === "draft" ? null : new Date()),
    );
  } catch (error) {
    refusal(error, def);
  }
}

/** PUT: the fields sent change; without ?status=draft the entry is (or stays) published. */
export async function updateEntry(
  scope: Scope,
  def: CollectionDef,
  access: Access,
  documentId: string,
  body: unknown,
  status: "published" | "draft",
): Promise<number> {
  checkWriter(def, access);
  const write = def.write!;
  const input = parseData(write, body, true);
  try {
    return await withTransaction(scope, async (tx) => {
      const id = await idOf(tx, def, documentId);
      await write.update(tx, id, input, def.draftAndPublish ? (status === "draft" ? null : new Date()) : undefined);
      return id;
    });
  } catch (error) {
    refusal(error, def);
  }
}

export async function deleteEntry(
  scope: Scope,
  def: CollectionDef,
  access: Access,
  documentId: string,
  query: Record<string, unknown>,
): Promise<void> {
  checkWriter(def, access);
  try {
    await withTransaction(scope, async (tx) => def.write!.remove(tx, await idOf(tx, def, documentId), query));
  } catch (error) {
    refusal(error, def, true);
  }
}

type Table = PgTable & { id: PgColumn; updatedAt?: PgColumn; publishedAt?: PgColumn };

/**
 * The writer of a collection that is one table: `columns` turns the checked input into the
 * table's values (resolving relations; by default the fields sent, as they are); publishedAt and
 * updatedAt are kept here.
 */
export function tableWriter<Shape extends z.ZodRawShape>(
  table: Table,
  shape: Shape,
  columns: (scope: Scope, input: Partial<z.output<z.ZodObject<Shape>>>) => Promise<Record<string, unknown>> = async (
    _scope,
    input,
  ) => present(input),
  refine?: (input: Partial<z.output<z.ZodObject<Shape>>>, ctx: z.RefinementCtx) => void,
): WriteDef<z.output<z.ZodObject<Shape>>> {
  const whole = z.object(shape);
  const schema = refine ? whole.superRefine(refine) : whole;
  const partial = refine ? whole.partial().superRefine(refine as never) : whole.partial();
  const published = (publishedAt: Date | null | undefined) =>
    publishedAt === undefined || !table.publishedAt ? {} : { publishedAt };
  return {
    keys: Object.keys(shape),
    schema: schema as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>,
    partial: partial as unknown as z.ZodType<Partial<z.output<z.ZodObject<Shape>>>>,
    async create(scope, input, publishedAt) {
      const values = { ...(await columns(scope, input)), ...published(publishedAt) };
      const [row] = await scope.db
        .insert(table)
        .values(values as never)
        .returning({ id: table.id });
      return row!.id as number;
    },
    async update(scope, id, input, publishedAt) {
      const values = {
        ...(await columns(scope, input)),
        ...published(publishedAt),
        ...(table.updatedAt ? { updatedAt: new Date() } : {}),
      };
      if (Object.keys(values).length > 0)
        await scope.db
          .update(table)
          .set(values as never)
          .where(eq(table.id, id));
    },
    async remove(scope, id) {
      await scope.db.delete(table).where(eq(table.id, id));
    },
  };
}

/** Only the keys present in `input` (an update leaves the others as they are). */
export function present<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A relation in `data`: the related entry's documentId or id, or null to clear it. */
export const relationRef = z.union([z.string().min(1).max(64), z.number().int().positive().max(2_147_483_647), z.null()]);

/** The id of the entry a relation names, or a 400 naming the field. */
export async function resolveRef(
  scope: Scope,
  from: SQL,
  value: string | number | null | undefined,
  field: string,
): Promise<number | null | undefined> {
  if (value === undefined || value === null) return value;
  const match = typeof value === "number" ? sql`e.id = ${value}` : sql`e.document_id = ${value}`;
  const [row] = await queryRows<{ id: number }>(scope.db, sql`select e.id from ${from} e where ${match} limit 1`);
  if (!row) throw new ShopError("INVALID_INPUT", `${field}: no such entry`, { field: `data.${field}` });
  return row.id;
}
