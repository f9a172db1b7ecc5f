import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { brands } from "./brands.ts";
import { categories } from "./categories.ts";

/** Filterable attributes, such as { cut: "Negative", grip: "Wet" }; values are display strings. */
export type ProductAttributes = Record<string, string>;

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer("sub_category_id").references(() => categories.id),
    attributes: jsonb("attributes").$type<ProductAttributes>().notNull().default({}),
    published: boolean("published").notNull().default(true),
    membersOnly: boolean("members_only").notNull().default(false),
    /** Shown on the home page when set; lower ranks come first. */
    featuredRank: integer("featured_rank"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_sub_category_idx").on(t.subCategoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_featured_idx").on(t.featuredRank),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
