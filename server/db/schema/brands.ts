import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";
import { mediaFiles } from "./media-files.ts";

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  documentId: documentId(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** The brand's story, shown on its brand page. */
  story: text("story").notNull().default(""),
  /** Path of the brand's logo image (served from the shop's media folder). */
  logoPath: text("logo_path"),
  /** The media library's record the logo is (ADR 78); the database keeps logoPath in step with it. */
  logoMediaId: integer("logo_media_id").references(() => mediaFiles.id, { onDelete: "restrict" }),
  /** Moves with every change: the back office's version of the row (ADR 63). */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Brand = typeof brands.$inferSelect;
export type NewBrand = typeof brands.$inferInsert;
