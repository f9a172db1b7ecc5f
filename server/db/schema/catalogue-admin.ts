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

export const SLUG_REDIRECT_KINDS = ["product", "category", "brand"] as const;
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
