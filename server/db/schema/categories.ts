import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";
import { mediaFiles } from "./media-files.ts";

/**
 * Categories and their sub-categories share one table: a sub-category is a row whose
 * parentId points at its category. Slugs are unique among siblings, so /shop/gloves/sub/match
 * and /shop/apparel/sub/match can both exist.
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    documentId: documentId(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    /** Path of the category's picture under the shop's media folder; null: the drawn artwork. */
    imagePath: text("image_path"),
    /** The media library's record the picture is (ADR 78); the database keeps imagePath in step with it. */
    imageMediaId: integer("image_media_id").references(() => mediaFiles.id, { onDelete: "restrict" }),
    /** Moves with every change: the back office's version of the row (ADR 63). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT keeps top-level slugs unique too (parent_id is null there).
    unique("categories_parent_slug_unique").on(t.parentId, t.slug).nullsNotDistinct(),
    index("categories_parent_idx").on(t.parentId),
  ],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
