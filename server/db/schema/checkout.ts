import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { categories } from "./categories.ts";
import { documentId } from "./document-id.ts";
import { products } from "./products.ts";

/**
 * The standard VAT rate of a country the shop delivers to, in basis points (2100 = 21 %). Prices
 * in the catalogue include VAT; an order shows the VAT its total includes at the delivery
 * country's rate.
 */
export const vatRates = pgTable(
  "vat_rates",
  {
    country: text("country").primaryKey(),
    /** The content backend's ids: its `countries` collection is the countries the shop delivers to. */
    id: serial("id").notNull().unique(),
    documentId: documentId(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("vat_rates_rate_range", sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** A group of countries that share delivery methods and prices (home, EU, Europe, world). */
export const deliveryZones = pgTable("delivery_zones", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Moves with every change to the zone, its countries or its methods (ADR 63). */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which zone a country belongs to: one zone per country; a country in none is not delivered to. */
export const deliveryZoneCountries = pgTable("delivery_zone_countries", {
  country: text("country").primaryKey(),
  zoneId: text("zone_id")
    .notNull()
    .references(() => deliveryZones.id, { onDelete: "cascade" }),
});

export const DELIVERY_SPEEDS = ["standard", "express"] as const;

/** A way to deliver to a zone, with its price in minor units, VAT included. */
export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    /** Stable and readable, such as "eu-standard": the API's `deliveryMethod`. */
    id: text("id").primaryKey(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => deliveryZones.id, { onDelete: "cascade" }),
    speed: text("speed", { enum: DELIVERY_SPEEDS }).notNull(),
    name: text("name").notNull(),
    price: integer("price").notNull(),
    /** Items worth at least this much (after discount) travel free; null: never free. */
    freeFrom: integer("free_from"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("delivery_methods_zone_idx").on(t.zoneId),
    check("delivery_methods_price_not_negative", sql`${t.price} >= 0`),
    check("delivery_methods_days", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

export const PROMO_KINDS = ["percent", "amount", "free_delivery"] as const;

/**
 * A promo code. `value` is basis points of the items' price for "percent" (1000 = 10 %), minor
 * units off for "amount", and 0 for "free_delivery" (the delivery is free). With
 * `oncePerCustomer`, each customer (or guest mailbox) may use a code once; `usedCount` counts the
 * orders that used it, against `usageLimit`. Rows in promo_code_targets narrow it to products or
 * categories; none: the whole bag.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    /** Upper case; shoppers may type it in any case. */
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: PROMO_KINDS }).notNull(),
    value: integer("value").notNull(),
    /** Items worth less than this (minor units) do not qualify; 0: any bag. */
    minimumSpend: integer("minimum_spend").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** How many orders may use the code in all; null: no limit. */
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    oncePerCustomer: boolean("once_per_customer").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every change: the back office's version of the code (ADR 63). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("promo_codes_value_positive", sql`${t.kind} = 'free_delivery' or ${t.value} > 0`),
    check("promo_codes_percent_range", sql`${t.kind} <> 'percent' or ${t.value} <= 10000`),
    check("promo_codes_usage", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/**
 * One use of a promo code: who used it (`customer:<id>` or `email:<address>`), so a second order
 * by the same person is refused by the primary key even when both are placed at once.
 */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    redeemer: text("redeemer").notNull(),
    orderId: integer("order_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.redeemer] })],
);

/** What a promo code applies to: one product or one category (its sub-categories included) per row. */
export const promoCodeTargets = pgTable(
  "promo_code_targets",
  {
    id: serial("id").primaryKey(),
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("promo_code_targets_code_idx").on(t.promoCodeId),
    check("promo_code_targets_one", sql`(${t.productId} is null) <> (${t.categoryId} is null)`),
  ],
);

export type VatRate = typeof vatRates.$inferSelect;
export type DeliveryMethod = typeof deliveryMethods.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
