import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";
import { mediaFiles } from "./media-files.ts";

import { NEWS_SECTIONS } from "./news-sections.ts";

export { NEWS_SECTIONS, type NewsSection } from "./news-sections.ts";

export const newsCategories = pgTable("news_categories", {
  id: serial("id").primaryKey(),
  documentId: documentId(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
});

/**
 * A news post or an exclusive. The body is Markdown, rendered and sanitised on the server; videos
 * are addresses of the configured video provider, checked when saved. A post without
 * `publishedAt` is a draft, seen only by editors; one with a `publishedAt` to come is scheduled;
 * exclusives are always members-only.
 */
export const newsPosts = pgTable(
  "news_posts",
  {
    id: serial("id").primaryKey(),
    documentId: documentId(),
    section: text("section", { enum: NEWS_SECTIONS }).notNull().default("news"),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull().default(""),
    author: text("author").notNull().default(""),
    categoryId: integer("category_id").references(() => newsCategories.id, { onDelete: "set null" }),
    coverId: integer("cover_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    videos: jsonb("videos").$type<string[]>().notNull().default([]),
    membersOnly: boolean("members_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The search engines' and share text; empty: the excerpt (ADR 75). */
    seoDescription: text("seo_description").notNull().default(""),
    /** Set when a published post was taken off for good: it is kept (its old addresses, the audit), never deleted. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("news_posts_listing_idx").on(t.section, t.publishedAt),
    index("news_posts_category_idx").on(t.categoryId),
    check("news_posts_exclusives_members_only", sql`${t.section} <> 'exclusives' or ${t.membersOnly}`),
  ],
);

export type NewsPost = typeof newsPosts.$inferSelect;
export type NewsCategory = typeof newsCategories.$inferSelect;
