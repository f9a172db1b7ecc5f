import { sql } from "drizzle-orm";
import { z } from "zod";
import { NEWS_SECTIONS } from "../../../db/schema/index.ts";
import type { Scope } from "../../../lib/scope.ts";
import { ShopError } from "../../../lib/shop-error.ts";
import { isStaffScope, type StaffScope } from "../../audit/index.ts";
import { postVersionOf, type NewsEditor } from "../../news-editor/index.ts";
import { column, field, lockedForNonMembers, type CollectionDef, type WriteDef } from "../collection.ts";
import { isVideoAddress } from "../videos.ts";
import { relationRef, resolveRef, tableWriter } from "../write.ts";
import { newsPosts } from "../../../db/schema/index.ts";
import { slug } from "./common.ts";
import { inEntryTerms } from "./entry-terms.ts";

/*
 * News posts and exclusives. Exclusives are members-only: their body and videos are for members.
 * With the news editor (ADR 75) the writes go through its one save, as the back office's do: the
 * same slugs and old addresses, audit entries, versions (409 when `data.version` is sent and the
 * post moved on) and refresh of the site; DELETE removes a draft and archives a post that is on
 * the site (it no longer reads as published, as after Strapi's delete).
 */

function shapeOf(videoPatterns?: readonly RegExp[]) {
  return {
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
    seoDescription: z.string().max(300).optional(),
    category: relationRef.optional(),
    cover: relationRef.optional(),
    /** The version read (the entry's `version`): when sent, a change of a post that moved on is refused (409). */
    version: z.string().max(40).optional(),
  };
}
type Shape = ReturnType<typeof shapeOf>;
type Data = Partial<z.output<z.ZodObject<Shape>>>;

const exclusivesRule = (input: Data, ctx: z.RefinementCtx) => {
  if (input.section === "exclusives" && input.membersOnly === false)
    ctx.addIssue({ code: "custom", path: ["membersOnly"], message: "Exclusives are always members-only" });
};

function staffOf(scope: Scope): StaffScope {
  if (!isStaffScope(scope)) throw new ShopError("FORBIDDEN", "Forbidden");
  return scope;
}

function newsWrites(editor: NewsEditor, videoPatterns?: readonly RegExp[]): WriteDef<Data> {
  const shape = shapeOf(videoPatterns);
  const whole = z.object(shape);
  const ref = (scope: Scope, from: string, value: Data["category"], name: string) =>
    resolveRef(scope, sql.raw(from), value, name);
  return {
    keys: Object.keys(shape),
    schema: whole.superRefine(exclusivesRule) as unknown as z.ZodType<Data>,
    partial: whole.partial().superRefine(exclusivesRule) as unknown as z.ZodType<Data>,
    async create(scope, data, publishedAt) {
      return inEntryTerms(async () => {
        const cover = await ref(scope, "media_files", data.cover, "cover");
        const input = {
          ...data,
          categoryId: await ref(scope, "news_categories", data.category, "category"),
          coverId: cover,
          coverAlt: undefined,
          publish: publishedAt === null ? "draft" : "now",
        };
        return (await editor.save(staffOf(scope), null, input)).id;
      });
    },
    async update(scope, id, data, publishedAt) {
      await inEntryTerms(async () => {
        const base = await editor.post(scope, id);
        const status = base.status;
        // As on create: an entry never says an exclusive is open to everyone.
        if ((data.section ?? base.section) === "exclusives" && data.membersOnly === false)
          throw new ShopError("INVALID_INPUT", "Exclusives are always members-only", { field: "data.membersOnly" });
        const publish =
          publishedAt === null
            ? { publish: "draft" }
            : status === "scheduled"
              ? { publish: "at", publishAt: base.publishedAt }
              : { publish: "now" };
        const input = {
          title: data.title ?? base.title,
          slug: data.slug ?? base.slug,
          section: data.section ?? base.section,
          excerpt: data.excerpt ?? base.excerpt,
          body: data.body ?? base.body,
          author: data.author ?? base.author,
          videos: data.videos ?? base.videos,
          membersOnly: data.membersOnly ?? base.membersOnly,
          seoDescription: data.seoDescription ?? base.seoDescription,
          categoryId:
            data.category !== undefined ? await ref(scope, "news_categories", data.category, "category") : base.categoryId,
          coverId: data.cover !== undefined ? await ref(scope, "media_files", data.cover, "cover") : (base.cover?.id ?? null),
          version: data.version,
          ...publish,
        };
        await editor.save(staffOf(scope), id, input);
      });
    },
    async remove(scope, id) {
      await editor.remove(staffOf(scope), id, {});
    },
  };
}

/** Without the news editor (a content backend on its own, in tests): the table written as it is sent. */
function plainWrites(videoPatterns?: readonly RegExp[]) {
  const { version: _version, ...shape } = shapeOf(videoPatterns);
  return tableWriter(newsPosts, shape, undefined, exclusivesRule);
}

/** News posts and exclusives; written through the news editor when it is given (the shop's services give it). */
export function newsCollection(videoPatterns?: readonly RegExp[], editor?: NewsEditor): CollectionDef {
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
      seoDescription: field("string", "seo_description"),
      /** What a change may name (PUT's data.version): the news editor's version. */
      version: { type: "string", expr: (row) => postVersionOf(column("updated_at")(row)) },
      createdAt: field("datetime", "created_at"),
      updatedAt: field("datetime", "updated_at"),
    },
    relations: { category: { target: "news-categories", foreignKey: (row) => sql`${row}.category_id` } },
    media: { cover: { foreignKey: (row) => sql`${row}.cover_id` } },
    draftAndPublish: true,
    publishedAt: (row) => sql`${row}.published_at`,
    locked: lockedForNonMembers,
    writeScope: "content",
    write: editor ? newsWrites(editor, videoPatterns) : plainWrites(videoPatterns),
  };
}
