import { sql, type SQL } from "drizzle-orm";
import { lockedFor, type Access, type Alias, type CollectionDef, type FieldDef, type FieldType } from "./collection.ts";

/*
 * What a query's keys read in SQL, for filters (where.ts), sorts and the select list (read.ts):
 * id and documentId, publishedAt, and the collection's fields as the visitor may see them.
 */

/** Published entries only (the default), unless a writer asks for drafts, which are every entry. */
export function visibility(def: CollectionDef, row: Alias, status: "published" | "draft"): SQL {
  if (!def.draftAndPublish || !def.publishedAt || status === "draft") return sql`true`;
  const published = def.publishedAt(row);
  return sql`${published} is not null and ${published} <= now()`;
}

/**
 * What a visitor's filters and sorts see of a field: a members-only entry's gated content is
 * NULL for a visitor who may not read it, so no filter, negated or not, can learn from it.
 */
export function visibleExpr(def: CollectionDef, row: Alias, field: FieldDef, access: Access): SQL {
  const expr = field.expr(row);
  const locked = field.gated ? lockedFor(def, row, access) : null;
  if (locked === null) return expr;
  return sql`(case when ${locked} then null else ${expr} end)`;
}

/**
 * The type of a key that filters and sorts may use; null for one they may not: unknown or
 * private, a relation, a JSON field or one computed in code.
 */
export function comparableType(def: CollectionDef, key: string): FieldType | null {
  if (key === "id") return "integer";
  if (key === "documentId") return "string";
  if (key === "publishedAt") return def.publishedAt ? "datetime" : null;
  const field = Object.hasOwn(def.fields, key) ? def.fields[key] : undefined;
  return !field || field.computed || field.type === "json" ? null : field.type;
}

/** The SQL of a key comparableType allows, as the visitor may see it. */
export function keyExpr(def: CollectionDef, row: Alias, key: string, access: Access): SQL {
  if (key === "id") return sql`${row}.id`;
  if (key === "documentId") return sql`${row}.document_id`;
  if (key === "publishedAt") return def.publishedAt!(row);
  return visibleExpr(def, row, def.fields[key]!, access);
}
