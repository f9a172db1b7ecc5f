import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { categories } from "./categories.ts";
import { products } from "./products.ts";

/**
 * The owner's information blocks shown on product pages (size guide, care, delivery, ...). A block
 * with neither a category nor a product applies to every product; one with a category applies to
 * that category's products (a top-level category covers its sub-categories); one with a product to
 * that product only.
 */
export const customInformation = pgTable(
  "custom_information",
  {
    id: serial("id").primaryKey(),
    /** What kind of block it is, such as size-guide, care or delivery. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** Plain text; blank lines separate paragraphs. */
    body: text("body").notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(true),
    /** The block's version for the back office's forms (ADR 76): a form read before a change is refused. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("custom_information_category_idx").on(t.categoryId), index("custom_information_product_idx").on(t.productId)],
);

export type CustomInformation = typeof customInformation.$inferSelect;
export type NewCustomInformation = typeof customInformation.$inferInsert;
