import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { brands } from "./brands.ts";
import { categories } from "./categories.ts";
import { documentId } from "./document-id.ts";

/** Filterable attributes, such as { cut: "Negative", grip: "Wet" }; values are display strings. */
export type ProductAttributes = Record<string, string>;

/**
 * What a product calls its two option axes (ADR 74): a bag's sizes are "Volume", a glove's
 * colours may be "Colourway". Absent: "Size" and "Colour". The options' columns stay size and
 * colour; only the words the shop and the editor show change.
 */
export type OptionNames = { size?: string; colour?: string };

/** PostgreSQL's full-text document type; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    documentId: documentId(),
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
    optionNames: jsonb("option_names").$type<OptionNames>().notNull().default({}),
    published: boolean("published").notNull().default(true),
    membersOnly: boolean("members_only").notNull().default(false),
    /**
     * When a members-only product opens to everyone (early access ends, ADR 41); null: it stays
     * members-only. Ignored for other products. catalog/sellable.ts is the one rule that reads it.
     */
    publicAt: timestamp("public_at", { withTimezone: true }),
    /**
     * When a published product appears on the shop (issue 25, ADR 63); null: at once. Before it, the
     * product is "scheduled": catalog/sellable.ts is the one rule that reads it.
     */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /**
     * When the product was archived: off the shop for good (published is false), never deleted, so
     * every order's snapshot and link stay intact. Null: not archived.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** The page title and meta description search engines show; empty: the name and description. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** Shown on the home page when set; lower ranks come first. */
    featuredRank: integer("featured_rank"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /**
     * What search matches: the name weighs most, then the attribute values (grip, cut, ...), then
     * the description. Brand and category names are matched through their own small tables.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(jsonb_to_tsvector('english', attributes, '["string"]'), 'B') || setweight(to_tsvector('english', description), 'C')`,
    ),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_sub_category_idx").on(t.subCategoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_featured_idx").on(t.featuredRank),
    index("products_search_idx").using("gin", t.searchVector),
    // The back office's search by title, anywhere in it (ilike '%…%'), on 20,000 products (ADR 72).
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // The back office's list, newest or by title, 50 a page: read in index order, stopping after the page (ADR 72).
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_title_idx").on(sql`lower(${t.name})`, t.id),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
