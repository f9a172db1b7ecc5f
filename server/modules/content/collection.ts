import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Scope } from "../../lib/scope.ts";
import type { Viewer } from "../catalog/index.ts";

/*
 * A collection of the content backend (SPEC §3, §7), shaped like Strapi 5's REST API: what its
 * entries are made of, who may read and write them, and how the generic query (query.ts, where.ts,
 * read.ts) reaches them in SQL. Each collection is one small file in collections/.
 *
 * Column expressions take the alias of the row they belong to, so one definition serves the main
 * query and any nested one (a filter on a relation, a sort by a relation's field).
 */

/** The alias of a row in a query: sql.identifier("e0"). */
export type Alias = SQL;
export type Expr = (row: Alias) => SQL;

export type FieldType = "string" | "text" | "integer" | "boolean" | "datetime" | "enumeration" | "json";

export interface FieldDef {
  type: FieldType;
  expr: Expr;
  /** Enumeration values. */
  values?: readonly string[];
  /**
   * Members-only content (a post's body): absent from a members-only entry a visitor may not read
   * in full, and never matched by that visitor's filters or sorts.
   */
  gated?: boolean;
  /** Made in code from what `expr` reads (a country's name from its code): shown, but neither filtered nor sorted. */
  computed?: (value: unknown) => unknown;
}

/** A to-one relation: the row's foreign key and the collection it points into. */
export interface RelationDef {
  target: string;
  foreignKey: Expr;
}

/** A single image (Strapi's media field): the row's media_files id. */
export interface MediaDef {
  foreignKey: Expr;
}

/** Who may do what, besides reading published entries (anyone). */
export interface Access {
  /** The scopes of the user asking (SPEC §6); empty for guests. */
  scopes: readonly string[];
  /**
   * What the reader's membership in force gives them (membership/benefits.ts; ANY_VISITOR for
   * guests): a member reads members-only posts and pages in full, and a product's gated fields
   * follow the shop's rule (catalog/sellable.ts).
   */
  viewer: Pick<Viewer, "member" | "earlyAccess">;
  loggedIn: boolean;
}

/** What writes hand over: the column values the collection's schema made of `data`. */
export interface WriteDef<Input> {
  /** The keys `data` may hold. */
  keys: string[];
  /** The schema of `data` on create; `partial` on update (only the fields sent change). */
  schema: z.ZodType<Input>;
  partial: z.ZodType<Partial<Input>>;
  create(scope: Scope, input: Input, publishedAt: Date | null): Promise<number>;
  update(scope: Scope, id: number, input: Partial<Input>, publishedAt: Date | null | undefined): Promise<void>;
  /** `query`: the request's query string, as qs read it (a product's archive names its version there). */
  remove(scope: Scope, id: number, query: Record<string, unknown>): Promise<void>;
}

export interface CollectionDef {
  /** The API id in /api/{apiId}. */
  apiId: string;
  /** Table (or parenthesised select) the entries are rows of. */
  from: SQL;
  fields: Record<string, FieldDef>;
  relations?: Record<string, RelationDef>;
  media?: Record<string, MediaDef>;
  /** Entries are drafts until published (Strapi's draft and publish). */
  draftAndPublish: boolean;
  /** The entry's publishedAt; for collections without drafts, when it was made. */
  publishedAt?: Expr;
  /**
   * Members-only entries: when a row's `gated` fields are not this reader's (SQL over the row), or
   * null when every row's are. Such a reader reads the entry's other fields (its teaser).
   */
  locked?: (row: Alias, access: Access) => SQL | null;
  /** The scope that lets a user write (and read drafts); absent: read-only here. */
  writeScope?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each collection has its own input
  write?: WriteDef<any>;
}

export const column =
  (name: string): Expr =>
  (row) =>
    sql`${row}.${sql.identifier(name)}`;

/** A field read straight from a column of the same name (snake_case in the table). */
export function field(type: FieldType, name: string, extra: Partial<FieldDef> = {}): FieldDef {
  return { type, expr: column(name), ...extra };
}

/** True when the user may write this collection (and read its drafts). */
export function mayWrite(def: CollectionDef, access: Access): boolean {
  return def.writeScope !== undefined && access.scopes.includes(def.writeScope);
}

/** Posts and pages marked members-only (their `members_only` column) are for every member. */
export const lockedForNonMembers = (row: Alias, access: Access): SQL | null =>
  access.viewer.member ? null : sql`${row}.members_only`;

/**
 * When a row's gated fields are not the reader's, as SQL over the row; null when every row's are.
 * Writers read members-only entries in full: they wrote them.
 */
export function lockedFor(def: CollectionDef, row: Alias, access: Access): SQL | null {
  if (!def.locked || mayWrite(def, access)) return null;
  const locked = def.locked(row, access);
  // SQL's unknown (a null public_at) must lock, never open.
  return locked === null ? null : sql`coalesce(${locked}, true)`;
}
