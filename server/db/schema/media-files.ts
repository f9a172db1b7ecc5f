import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";

/**
 * An image of the media library (ADR 78): a news post's cover, a page's picture, a product's,
 * category's or brand's upload, shown through the image endpoint. `path` is under the shop's
 * media folder, such as news/cover-12.webp, or an upload's /uploads/ address (storedImageSource).
 * The uses name the record, never the file: a replaced file changes `path` here, and the database
 * carries it to the product images, categories and brands that show it.
 */
export const mediaFiles = pgTable("media_files", {
  id: serial("id").primaryKey(),
  documentId: documentId(),
  name: text("name").notNull(),
  alternativeText: text("alternative_text").notNull().default(""),
  path: text("path").notNull(),
  mime: text("mime").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Bytes; 0 for an upload made before the library, whose size was not kept. */
  size: integer("size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Moves with every change: the back office's version of the record. */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MediaFile = typeof mediaFiles.$inferSelect;
