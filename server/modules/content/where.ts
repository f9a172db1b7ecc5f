import { sql, type SQL } from "drizzle-orm";
import type { Access, Alias, CollectionDef, FieldType } from "./collection.ts";
import { invalidKey, invalidValue } from "./query-errors.ts";
import { comparableType, keyExpr, visibility } from "./keys.ts";

/*
 * Strapi 5's `filters` in SQL (https://docs.strapi.io/cms/api/rest/filters): a field with an
 * operator, or a value for $eq; $and/$or over arrays, $not over an object; a relation's fields
 * inside it. Every key is checked against the collection: an unknown or private field, or an
 * unknown operator, is refused before any query runs.
 */

export interface WhereContext {
  collections: ReadonlyMap<string, CollectionDef>;
  access: Access;
  /** Each nested query gets an alias of its own. */
  nextAlias: () => Alias;
}

const COMPARISONS = {
  $eq: "=",
  $ne: "<>",
  $lt: "<",
  $lte: "<=",
  $gt: ">",
  $gte: ">=",
} as const;
const LIKES = {
  $contains: { prefix: "%", suffix: "%", negate: false, fold: false },
  $containsi: { prefix: "%", suffix: "%", negate: false, fold: true },
  $notContains: { prefix: "%", suffix: "%", negate: true, fold: false },
  $notContainsi: { prefix: "%", suffix: "%", negate: true, fold: true },
  $startsWith: { prefix: "", suffix: "%", negate: false, fold: false },
  $startsWithi: { prefix: "", suffix: "%", negate: false, fold: true },
  $endsWith: { prefix: "%", suffix: "", negate: false, fold: false },
  $endsWithi: { prefix: "%", suffix: "", negate: false, fold: true },
} as const;
const OPERATORS = new Set([
  ...Object.keys(COMPARISONS),
  ...Object.keys(LIKES),
  "$eqi",
  "$nei",
  "$in",
  "$notIn",
  "$null",
  "$notNull",
  "$between",
  "$not",
  "$and",
  "$or",
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The filters of a query as one SQL condition over the row `row` of `def`; null when there are none. */
export function whereOf(def: CollectionDef, row: Alias, filters: unknown, context: WhereContext): SQL | null {
  if (filters === undefined || filters === null || filters === "") return null;
  if (!isObject(filters)) throw invalidValue("filters", "filters", "filters must be an object, such as filters[slug][$eq]=value");
  return group(def, row, filters, "", context);
}

/** The conditions of one object, all of which must hold. */
function group(def: CollectionDef, row: Alias, filters: Record<string, unknown>, path: string, context: WhereContext): SQL {
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === "$and" || key === "$or") parts.push(logical(def, row, key, value, path, context));
    else if (key === "$not") {
      if (!isObject(value)) throw invalidValue("filters", joinPath(path, key), "$not takes an object of filters");
      parts.push(sql`not (${group(def, row, value, path, context)})`);
    } else if (key.startsWith("$")) throw invalidKey("filters", key, path || null);
    else parts.push(onKey(def, row, key, value, path, context));
  }
  return parts.length === 0
    ? sql`true`
    : sql.join(
        parts.map((part) => sql`(${part})`),
        sql` and `,
      );
}

function logical(def: CollectionDef, row: Alias, key: "$and" | "$or", value: unknown, path: string, context: WhereContext): SQL {
  // qs reads filters[$or][0][...] as an array, and as an object once it passes its array limit.
  const items = Array.isArray(value)
    ? value
    : isObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))
      ? Object.values(value)
      : null;
  if (!items)
    throw invalidValue(
      "filters",
      joinPath(path, key),
      `${key} takes an array of filters, such as filters[${key}][0][slug]=value`,
    );
  if (items.length === 0) return sql`true`;
  const parts = items.map((item, i) => {
    if (!isObject(item)) throw invalidValue("filters", joinPath(path, `${key}.${i}`), `${key} takes an array of filter objects`);
    return sql`(${group(def, row, item, path, context)})`;
  });
  return sql.join(parts, key === "$and" ? sql` and ` : sql` or `);
}

/** A condition on one key of the collection: an attribute, a relation, id or documentId. */
function onKey(def: CollectionDef, row: Alias, key: string, value: unknown, path: string, context: WhereContext): SQL {
  const here = joinPath(path, key);
  const relation = def.relations?.[key];
  if (relation) return onRelation(def, row, key, value, here, context);
  const target = attribute(def, row, key, context.access);
  if (!target) throw invalidKey("filters", key, path ? here : def.fields[key] ? key : null);
  if (!isObject(value)) return operator(target, "$eq", value, here);
  const parts = Object.entries(value).map(([op, operand]) => {
    if (op === "$not") {
      if (!isObject(operand)) return sql`not (${operator(target, "$eq", operand, here)})`;
      const inner = Object.entries(operand).map(([innerOp, innerValue]) => operator(target, innerOp, innerValue, here));
      return sql`not (${sql.join(inner, sql` and `)})`;
    }
    if (op === "$and" || op === "$or") {
      throw invalidKey("filters", op, here);
    }
    return operator(target, op, operand, here);
  });
  if (parts.length === 0) throw invalidValue("filters", here, `filters on ${here} need an operator, such as $eq`);
  return sql.join(parts, sql` and `);
}

interface Target {
  expr: SQL;
  type: FieldType;
}

/** id, documentId or a field a filter may use, with the SQL it reads; null when it may not. */
function attribute(def: CollectionDef, row: Alias, key: string, access: Access): Target | null {
  const type = comparableType(def, key);
  return type === null ? null : { expr: keyExpr(def, row, key, access), type };
}

/** A filter through a to-one relation: its id (filters[category]=3), or its fields. */
function onRelation(def: CollectionDef, row: Alias, key: string, value: unknown, path: string, context: WhereContext): SQL {
  const relation = def.relations![key]!;
  const target = context.collections.get(relation.target)!;
  const foreignKey = relation.foreignKey(row);
  // filters[category]=3: the related entry's id.
  const { $null, $notNull, ...rest } = isObject(value) ? value : { id: value };
  const parts: SQL[] = [];
  if ($null !== undefined) parts.push(truthy($null, path) ? sql`${foreignKey} is null` : sql`${foreignKey} is not null`);
  if ($notNull !== undefined) parts.push(truthy($notNull, path) ? sql`${foreignKey} is not null` : sql`${foreignKey} is null`);
  if (Object.keys(rest).length > 0) {
    const inner = context.nextAlias();
    const ops = Object.keys(rest).filter((k) => k.startsWith("$") && k !== "$and" && k !== "$or" && k !== "$not");
    // filters[category][$in][0]=3: operators on the relation itself mean its id.
    const conditions =
      ops.length > 0 ? group(target, inner, { id: Object.fromEntries(ops.map((op) => [op, rest[op]])) }, path, context) : null;
    const others = Object.fromEntries(Object.entries(rest).filter(([k]) => !ops.includes(k)));
    const nested = group(target, inner, others, path, context);
    parts.push(
      sql`exists (select 1 from ${target.from} ${inner} where ${inner}.id = ${foreignKey} and ${visibility(target, inner, "published")} and ${conditions ?? sql`true`} and ${nested})`,
    );
  }
  if (parts.length === 0) throw invalidValue("filters", path, `filters on ${path} need a field or an operator`);
  return sql.join(parts, sql` and `);
}

function truthy(value: unknown, path: string): boolean {
  const text = String(value).toLowerCase();
  if (["true", "t", "1"].includes(text)) return true;
  if (["false", "f", "0"].includes(text)) return false;
  throw invalidValue("filters", path, `${path}: $null and $notNull take true or false`);
}

/** A value as the field's type, or a 400 naming the path. */
function cast(type: FieldType, value: unknown, path: string): unknown {
  if (value === null) return null;
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
    throw invalidValue("filters", path, `${path} takes a single value here`);
  const text = String(value);
  switch (type) {
    case "integer": {
      const number = Number(text);
      if (!/^-?\d{1,10}$/.test(text.trim()) || Math.abs(number) > 2_147_483_647)
        throw invalidValue("filters", path, `${path} must be a whole number`);
      return number;
    }
    case "boolean":
      return truthy(text, path);
    case "datetime": {
      const time = new Date(text);
      const year = time.getUTCFullYear();
      if (Number.isNaN(time.getTime()) || year < 1 || year > 9999)
        throw invalidValue("filters", path, `${path} must be a date, such as 2026-11-24 or 2026-11-24T10:00:00Z`);
      return time.toISOString();
    }
    default:
      return text;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [value];
}

/** One operator on one attribute. */
function operator(target: Target, op: string, value: unknown, path: string): SQL {
  if (!OPERATORS.has(op)) throw invalidKey("filters", op, path);
  const { expr, type } = target;
  if (op in COMPARISONS) {
    // An array means any of its values (Strapi: filters[slug][0]=a&filters[slug][1]=b).
    if (Array.isArray(value)) {
      if (value.length === 0) return sql`false`;
      return sql.join(
        value.map((v) => operator(target, op, v, path)),
        sql` or `,
      );
    }
    const operand = cast(type, value, path);
    if (operand === null) return op === "$ne" ? sql`${expr} is not null` : op === "$eq" ? sql`${expr} is null` : sql`false`;
    return sql`${expr} ${sql.raw(COMPARISONS[op as keyof typeof COMPARISONS])} ${operand}`;
  }
  if (op === "$eqi" || op === "$nei") {
    const operand = cast(type, value, path);
    if (operand === null) return op === "$eqi" ? sql`${expr} is null` : sql`${expr} is not null`;
    return sql`lower(${expr}::text) ${sql.raw(op === "$eqi" ? "=" : "<>")} lower(${String(operand)})`;
  }
  if (op in LIKES) {
    const like = LIKES[op as keyof typeof LIKES];
    if (Array.isArray(value)) {
      if (value.length === 0) return sql`false`;
      return sql.join(
        value.map((v) => operator(target, op, v, path)),
        sql` or `,
      );
    }
    const operand = cast("string", value, path);
    if (operand === null) throw invalidValue("filters", path, `${path}: ${op} takes a value`);
    const pattern = `${like.prefix}${escapeLike(String(operand))}${like.suffix}`;
    const subject = like.fold ? sql`lower(${expr}::text)` : sql`${expr}::text`;
    const match = like.fold ? sql`lower(${pattern})` : sql`${pattern}`;
    return like.negate ? sql`${subject} not like ${match}` : sql`${subject} like ${match}`;
  }
  if (op === "$in" || op === "$notIn") {
    const values = listOf(value).map((v) => cast(type, v, path));
    if (values.length === 0) return op === "$in" ? sql`false` : sql`true`;
    if (values.length > 100) throw invalidValue("filters", path, `${path}: ${op} takes at most 100 values`);
    const list = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return op === "$in" ? sql`${expr} in (${list})` : sql`${expr} not in (${list})`;
  }
  if (op === "$null") return truthy(value, path) ? sql`${expr} is null` : sql`${expr} is not null`;
  if (op === "$notNull") return truthy(value, path) ? sql`${expr} is not null` : sql`${expr} is null`;
  if (op === "$between") {
    const bounds = listOf(value);
    if (bounds.length !== 2) throw invalidValue("filters", path, `${path}: $between takes two values, [0] and [1]`);
    return sql`${expr} between ${cast(type, bounds[0], path)} and ${cast(type, bounds[1], path)}`;
  }
  // $not, $and and $or on a field are handled by the caller; here they are out of place.
  throw invalidKey("filters", op, path);
}
