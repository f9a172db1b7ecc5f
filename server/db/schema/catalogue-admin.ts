import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./products.ts";
import { users } from "./users.ts";
import { variants } from "./variants.ts";

/*
 * What the back office's catalogue work keeps beside the catalogue itself (issue 25, ADR 63).
 */

export const SLUG_REDIRECT_KINDS = ["product", "category", "brand", "news", "page"] as const;
export type SlugRedirectKind = (typeof SLUG_REDIRECT_KINDS)[number];

/**
 * An address a product, category or brand had before its slug changed: the old address answers
 * 301 to the record's current one. `fromPath` is the old path as the shop serves it (such as
 * /product/grip-pro or /shop/gloves/sub/match), so sub-categories of different parents cannot clash.
 * A redirect whose path a record takes again is removed by the change that takes it.
 */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    kind: text("kind", { enum: SLUG_REDIRECT_KINDS }).notNull(),
    fromPath: text("from_path").notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fromPath] }), index("slug_redirects_target_idx").on(t.kind, t.targetId)],
);

export const STOCK_MOVEMENT_REASONS = ["received", "counted", "damaged", "returned", "order", "cancel", "import"] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * One change of an option's stock and why (issue 25 §2): `change` is signed (an order is
 * negative), `stockAfter` what the option held after it. `actorUserId`: the staff member, or null
 * for the shop itself (an order, a cancel, an expired reservation). Written in the transaction
 * that moves the stock, so the history always adds up to the stock.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    /** The option's product, kept so a product's history is one index read. */
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    change: integer("change").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The order that moved it, for "order" and "cancel". */
    orderId: integer("order_id"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.id),
    index("stock_movements_variant_idx").on(t.variantId, t.id),
    check("stock_movements_stock_after", sql`${t.stockAfter} >= 0`),
  ],
);

export const ATTRIBUTE_KINDS = ["choice", "multiple"] as const;

/**
 * A filter attribute the catalogue's filters offer (cut, grip, ...): its key in products'
 * `attributes`, the name shoppers read, and the values an editor picks from, in their order.
 */
export const catalogueAttributes = pgTable(
  "catalogue_attributes",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ATTRIBUTE_KINDS }).notNull().default("choice"),
    values: jsonb("values").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("catalogue_attributes_key_unique").on(t.key)],
);

export type SlugRedirect = typeof slugRedirects.$inferSelect;
export type StockMovement = typeof stockMovements.$inferSelect;
export type CatalogueAttribute = typeof catalogueAttributes.$inferSelect;

/**
 * previewing and applying are jobs under way (ADR 72); failed is a dry run that could not finish
 * (a file that is not CSV, a restart): its `error` says why. An apply that fails goes back to
 * previewed with its `error`, since its transaction wrote nothing.
 */
export const IMPORT_STATUSES = ["previewing", "previewed", "applying", "applied", "undone", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * A catalogue CSV import (issue 25 §3, ADR 70): the file as uploaded (kept until the import is
 * applied or dropped, so what is applied is what was previewed), the preview's fingerprint of the
 * changes it plans, and who previewed, applied and undid it.
 */
export const catalogueImports = pgTable("catalogue_imports", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull(),
  status: text("status", { enum: IMPORT_STATUSES }).notNull().default("previewed"),
  /** The file's text; emptied once the import is applied (its records keep what undo needs). */
  csv: text("csv").notNull(),
  /** A hash of the planned changes: applying plans again and refuses when it differs ("" until the dry run ends). */
  planHash: text("plan_hash").notNull().default(""),
  /** How many lines create, change, leave alone or are refused; products and options made and changed. */
  counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  /** The job's step under way (reading, checking, saving, writing) and how far it is: the progress bar. */
  phase: text("phase"),
  progressDone: integer("progress_done").notNull().default(0),
  progressTotal: integer("progress_total").notNull().default(0),
  /** When the job last said it was alive: a job silent for minutes was ended by a restart. */
  progressAt: timestamp("progress_at", { withTimezone: true }),
  /** Why the last job failed, in words for the owner. */
  error: text("error"),
  /** What applying made and changed (newProducts, newOptions, changedProducts, changedOptions). */
  applied: jsonb("applied").$type<Record<string, number>>(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  appliedBy: integer("applied_by").references(() => users.id, { onDelete: "set null" }),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
  undoneBy: integer("undone_by").references(() => users.id, { onDelete: "set null" }),
  undoneAt: timestamp("undone_at", { withTimezone: true }),
});

export const IMPORT_OUTCOMES = ["create", "change", "same", "refused"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** What the preview says of one line of the file: what it creates or changes (field: old -> new), or why it is refused. */
export const catalogueImportLines = pgTable(
  "catalogue_import_lines",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    outcome: text("outcome", { enum: IMPORT_OUTCOMES }).notNull(),
    handle: text("handle").notNull().default(""),
    sku: text("sku").notNull().default(""),
    /** For "change": [{ field, from, to }]; for "refused": { reasons: [...] }. */
    detail: jsonb("detail").$type<unknown>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index("catalogue_import_lines_outcome_idx").on(t.importId, t.outcome, t.line),
  ],
);

/**
 * A product or option an applied import made or changed: its columns before (null: the import
 * made it) and after. Undo restores `before` when every record still holds `after`.
 */
export const catalogueImportRecords = pgTable(
  "catalogue_import_records",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["product", "variant"] }).notNull(),
    recordId: integer("record_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.kind, t.recordId] })],
);

export type CatalogueImport = typeof catalogueImports.$inferSelect;
