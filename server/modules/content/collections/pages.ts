import { sql } from "drizzle-orm";
import { z } from "zod";
import { pages } from "../../../db/schema/index.ts";
import { field, lockedForNonMembers, type CollectionDef } from "../collection.ts";
import { isVideoAddress } from "../videos.ts";
import { tableWriter } from "../write.ts";
import { slug } from "./common.ts";

const text = (max: number) => z.string().max(max);

/** The blocks a page is made of, each kind with its own fields. */
export function pageBlockSchema(videoPatterns?: readonly RegExp[]) {
  return z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("text"), markdown: text(50_000) }).strict(),
    z
      .object({
        kind: z.literal("image"),
        media: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
        caption: text(300).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal("video"),
        url: z
          .string()
          .trim()
          .max(500)
          .refine((url) => isVideoAddress(url, videoPatterns), "Video links must be addresses of the video provider"),
        title: text(200).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal("products"),
        title: text(200),
        /** A category's slug, or product slugs: what the carousel shows. */
        category: text(120).optional(),
        products: z.array(text(120)).max(24).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal("cta"),
        title: text(200),
        text: text(1000).optional(),
        label: text(60),
        // A path of the shop or an https address; never "//host" or "/\host" (browsers read both as
        // another site), nor control characters (browsers drop tabs and line breaks: "/\t/host").
        href: z
          .string()
          .max(500)
          .regex(/^(\/(?![/\\])|https:\/\/)/, "Links start with / or https://")
          .regex(/^\P{Cc}*$/u, "Links have no control characters"),
      })
      .strict(),
    z.object({ kind: z.literal("countdown"), until: z.iso.datetime({ offset: true }), title: text(200).optional() }).strict(),
    z.object({ kind: z.literal("signup"), title: text(200), text: text(1000).optional() }).strict(),
  ]);
}

/** The shop's own pages (/about, the policies, /launch...) and any other single-segment page. */
export function pagesCollection(videoPatterns?: readonly RegExp[]): CollectionDef {
  return {
    apiId: "pages",
    from: sql`pages`,
    fields: {
      slug: field("string", "slug"),
      title: field("string", "title"),
      description: field("text", "description"),
      blocks: field("json", "blocks", { gated: true }),
      membersOnly: field("boolean", "members_only"),
      blocked: field("boolean", "blocked"),
      inSitemap: field("boolean", "in_sitemap"),
      createdAt: field("datetime", "created_at"),
      updatedAt: field("datetime", "updated_at"),
    },
    draftAndPublish: true,
    publishedAt: (row) => sql`${row}.published_at`,
    locked: lockedForNonMembers,
    writeScope: "content",
    write: tableWriter(pages, {
      slug,
      title: z.string().trim().min(1).max(200),
      description: z.string().max(300).optional(),
      blocks: z.array(pageBlockSchema(videoPatterns)).max(50).optional(),
      membersOnly: z.boolean().optional(),
      blocked: z.boolean().optional(),
      inSitemap: z.boolean().optional(),
    }),
  };
}
