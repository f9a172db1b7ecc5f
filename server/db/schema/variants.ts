import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { products } from "./products.ts";

/**
 * A buyable option of a product: one size in one colour. Prices live here, in integer minor
 * units of the shop's currency; compareAtPrice, when set and higher, is the price before a sale;
 * memberPrice, when set, is what members pay.
 */
export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    /** CSS colour for the swatch, such as #1f8a70. */
    colourHex: text("colour_hex").notNull(),
    stock: integer("stock").notNull().default(0),
    price: integer("price").notNull(),
    compareAtPrice: integer("compare_at_price"),
    /**
     * What members pay for this option (ADR 41); null: the member's plan discount applies to
     * `price`. Never above the price.
     */
    memberPrice: integer("member_price"),
    position: integer("position").notNull().default(0),
    /**
     * The option's GTIN (EAN-13, UPC-A, GTIN-8 or GTIN-14, check digit verified); null: none. One
     * option's in the shop, compared as GTIN-14 (variants_barcode_gtin_unique, ADR 74).
     */
    barcode: text("barcode"),
    /** Stock at or below this is "low" in the back office; null: the shop's setting. */
    lowStockThreshold: integer("low_stock_threshold"),
    /**
     * When the option was removed while orders name it: off the shop, kept for those orders. An
     * option without orders is deleted instead.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("variants_product_idx").on(t.productId),
    // The back office's search by SKU start in any case (ilike '…%'), over 100,000 options (ADR 72).
    index("variants_sku_trgm_idx").using("gin", sql`${t.sku} gin_trgm_ops`),
    // The product list's search by SKU start (lower(sku) like 'bg-12%'): a range of this index,
    // where the trigrams of a prefix all SKUs share ("bg-") read much of the other (ADR 72).
    index("variants_sku_lower_idx").on(sql`lower(${t.sku}) text_pattern_ops`),
    uniqueIndex("variants_barcode_gtin_unique")
      .on(sql`lpad(${t.barcode}, 14, '0')`)
      .where(sql`${t.barcode} is not null`),
    check("variants_stock_not_negative", sql`${t.stock} >= 0`),
    check("variants_price_not_negative", sql`${t.price} >= 0`),
    check("variants_compare_at_above_price", sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`),
    check("variants_low_stock_threshold", sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`),
    check("variants_member_price_range", sql`${t.memberPrice} is null or ${t.memberPrice} between 0 and ${t.price}`),
  ],
);

export type Variant = typeof variants.$inferSelect;
export type NewVariant = typeof variants.$inferInsert;
