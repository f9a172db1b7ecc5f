import { sql } from "drizzle-orm";
import { z } from "zod";
import { NEWS_SECTIONS, newsPosts } from "../../../db/schema/index.ts";
import { field, lockedForNonMembers, type CollectionDef } from "../collection.ts";
import { isVideoAddress } from "../videos.ts";
import { present, relationRef, resolveRef, tableWriter } from "../write.ts";
import { slug } from "./common.ts";

/** News posts and exclusives. Exclusives are members-only: their body and videos are for members. */
export function newsCollection(videoPatterns?: readonly RegExp[]): CollectionDef {
  return {
    apiId: "news",
    from: sql`news_posts`,
    fields: {
      title: field("string", "title"),
      slug: field("string", "slug"),
      section: field("enumeration", "section", { values: NEWS_SECTIONS }),
      excerpt: field("text", "excerpt"),
      body: field("text", "body", { gated: true }),
      author: field("string", "author"),
      videos: field("json", "videos", { gated: true }),
      membersOnly: field("boolean", "members_only"),
      createdAt: field("datetime", "created_at"),
      updatedAt: field("datetime", "updated_at"),
    },
    relations: { category: { target: "news-categories", foreignKey: (row) => sql`${row}.category_id` } },
    media: { cover: { foreignKey: (row) => sql`${row}.cover_id` } },
    draftAndPublish: true,
    publishedAt: (row) => sql`${row}.published_at`,
    locked: lockedForNonMembers,
    writeScope: "content",
    write: tableWriter(
      newsPosts,
      {
        title: z.string().trim().min(1).max(200),
        slug,
        section: z.enum(NEWS_SECTIONS).optional(),
        excerpt: z.string().max(600).optional(),
        body: z.string().max(100_000).optional(),
        author: z.string().max(120).optional(),
        videos: z
          .array(
            z
              .string()
              .trim()
              .max(500)
              .refine((url) => isVideoAddress(url, videoPatterns), "Video links must be addresses of the video provider"),
          )
          .max(10)
          .optional(),
        membersOnly: z.boolean().optional(),
        category: relationRef.optional(),
        cover: relationRef.optional(),
      },
      async (scope, { category, cover, ...rest }) =>
        present({
          ...rest,
          // Exclusives are members-only, whatever was sent.
          ...(rest.section === "exclusives" ? { membersOnly: true } : {}),
          categoryId: await resolveRef(scope, sql`news_categories`, category, "category"),
          coverId: await resolveRef(scope, sql`media_files`, cover, "cover"),
        }),
      (input, ctx) => {
        if (input.section === "exclusives" && input.membersOnly === false)
          ctx.addIssue({ code: "custom", path: ["membersOnly"], message: "Exclusives are always members-only" });
      },
    ),
  };
}
