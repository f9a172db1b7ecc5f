import { sql } from "drizzle-orm";
import { z } from "zod";
import { pages } from "../../../db/schema/index.ts";
import type { Scope } from "../../../lib/scope.ts";
import { ShopError } from "../../../lib/shop-error.ts";
import { isStaffScope, type StaffScope } from "../../audit/index.ts";
import { pageVersionOf, type PagesEditor } from "../../pages/index.ts";
import { column, field, lockedForNonMembers, type CollectionDef, type WriteDef } from "../collection.ts";
import { isVideoAddress } from "../videos.ts";
import { tableWriter } from "../write.ts";
import { slug } from "./common.ts";
import { inEntryTerms } from "./entry-terms.ts";

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

const pageShape = (videoPatterns?: readonly RegExp[]) => ({
  slug,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(300).optional(),
  blocks: z.array(pageBlockSchema(videoPatterns)).max(50).optional(),
  membersOnly: z.boolean().optional(),
  blocked: z.boolean().optional(),
  inSitemap: z.boolean().optional(),
  /** The version read (the entry's `version`): when sent, a change of a page that moved on is refused (409). */
  version: z.string().max(40).optional(),
});
type PageData = Partial<z.output<z.ZodObject<ReturnType<typeof pageShape>>>>;

/**
 * With the pages editor (ADR 75) the writes go through its one save, as the back office's do: the
 * same slugs and old addresses, audit entries, versions and refresh; DELETE removes a draft and
 * archives a page that is on the site. ADR 39's draft rule: a write publishes unless ?status=draft
 * (a page already on the site keeps its moment, a scheduled one its schedule).
 */
function pageWrites(editor: PagesEditor, videoPatterns?: readonly RegExp[]): WriteDef<PageData> {
  const whole = z.object(pageShape(videoPatterns));
  const staff = (scope: Scope): StaffScope => {
    if (!isStaffScope(scope)) throw new ShopError("FORBIDDEN", "Forbidden");
    return scope;
  };
  return {
    keys: Object.keys(whole.shape),
    schema: whole as unknown as z.ZodType<PageData>,
    partial: whole.partial() as unknown as z.ZodType<PageData>,
    async create(scope, data, publishedAt) {
      const input = { ...data, inSitemap: data.inSitemap ?? true, publish: publishedAt === null ? "draft" : "now" };
      return inEntryTerms(async () => (await editor.save(staff(scope), null, input)).id);
    },
    async update(scope, id, data, publishedAt) {
      const base = await editor.page(scope, id);
      const publish =
        publishedAt === null
          ? { publish: "draft" }
          : base.status === "scheduled"
            ? { publish: "at", publishAt: base.publishedAt }
            : { publish: "now" };
      await inEntryTerms(() =>
        editor.save(staff(scope), id, {
          title: data.title ?? base.title,
          slug: data.slug ?? base.slug,
          description: data.description ?? base.description,
          ...(data.blocks ? { blocks: data.blocks } : { texts: base.texts }),
          membersOnly: data.membersOnly ?? base.membersOnly,
          inSitemap: data.inSitemap ?? base.inSitemap,
          blocked: data.blocked ?? base.blocked,
          version: data.version,
          ...publish,
        }),
      );
    },
    async remove(scope, id) {
      await editor.remove(staff(scope), id, {});
    },
  };
}

/** The shop's own pages (/about, the policies, /launch...) and any other single-segment page; written through the pages editor when given. */
export function pagesCollection(videoPatterns?: readonly RegExp[], editor?: PagesEditor): CollectionDef {
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
      /** What a change may name (PUT's data.version): the pages editor's version. */
      version: { type: "string", expr: (row) => pageVersionOf(column("updated_at")(row)) },
      createdAt: field("datetime", "created_at"),
      updatedAt: field("datetime", "updated_at"),
    },
    draftAndPublish: true,
    publishedAt: (row) => sql`${row}.published_at`,
    locked: lockedForNonMembers,
    writeScope: "content",
    write: editor
      ? pageWrites(editor, videoPatterns)
      : tableWriter(pages, (({ version: _version, ...shape }) => shape)(pageShape(videoPatterns))),
  };
}
