import { boolean, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";

/**
 * One block of a shop page, in order: rich text (Markdown), an image, a video, a product carousel
 * or a call to action. content/blocks.ts holds the schema each kind is checked against.
 */
export type PageBlock = { kind: string } & Record<string, unknown>;

/**
 * A page of the shop's own (/about, the policies, /launch...) or any other single-segment path.
 * `blocked` takes a page off the site without deleting it; `inSitemap` false keeps it out of the
 * sitemap (/icons). A page without `publishedAt` is a draft.
 */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  documentId: documentId(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  /** The SEO description: the page's meta description and share text. */
  description: text("description").notNull().default(""),
  blocks: jsonb("blocks").$type<PageBlock[]>().notNull().default([]),
  membersOnly: boolean("members_only").notNull().default(false),
  blocked: boolean("blocked").notNull().default(false),
  inSitemap: boolean("in_sitemap").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  /** Taken off the site for good by the pages editor (ADR 75): a published page is archived, never deleted. */
  archivedAt: timestamp("archived_at", { withTimezone: true }),
});

export type Page = typeof pages.$inferSelect;
