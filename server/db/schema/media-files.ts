import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";

/**
 * An image the content refers to (a news post's cover, a page's picture), shown through the image
 * endpoint. `path` is under the shop's media folder, such as news/cover-12.webp.
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
  /** Bytes. */
  size: integer("size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MediaFile = typeof mediaFiles.$inferSelect;
