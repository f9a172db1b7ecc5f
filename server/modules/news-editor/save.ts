import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mediaFiles, newsPosts } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import { chosenSlug, followAddress, publishedAtOf, refuseAutosave, versionOf, type SlugTable } from "../editorial/index.ts";
import { postPath } from "../news/index.ts";
import { MAX_POST_SLUG, PostId, postInputIn, type PostChange } from "./schemas.ts";
import { lockPost, nextPostVersion } from "./version.ts";
import type { NewsEditorDeps } from "./deps.ts";

/*
 * Saving a post (issue 26 §1, ADR 75), new or changed, for the back office and the content API
 * alike: its fields, its address (a changed one keeps the old answering 301), its cover and the
 * cover's description, its videos (checked against the provider when asked), and its place on the
 * site (a draft, published now, or scheduled). One transaction with its audit entry; a change names
 * the version it read (409 when the post moved on). Once committed the site's caches follow.
 */

const AUDITED = [
  "title",
  "slug",
  "section",
  "excerpt",
  "body",
  "author",
  "categoryId",
  "coverId",
  "videos",
  "membersOnly",
  "seoDescription",
  "publishedAt",
] as const;

const POST_SLUGS: SlugTable = {
  table: newsPosts,
  id: newsPosts.id,
  slug: newsPosts.slug,
  title: newsPosts.title,
  noun: "post",
  max: MAX_POST_SLUG,
};

/** A cover uploaded with this save: stored already (the upload use case), recorded here. */
export interface NewCover {
  src: string;
  width: number;
  height: number;
  size: number;
}

export interface SaveOptions {
  /** Check every new video link with the provider (the back office); the API checks the address rule only. */
  checkVideos?: boolean;
  newCover?: NewCover;
  now?: Date;
  /**
   * An autosave while typing (ADR 75): only a draft is autosaved, and it stays one. A post on the
   * site (or scheduled) is refused: an autosave would put half-typed text on the site.
   */
  autosave?: boolean;
}

async function checkedVideos(deps: NewsEditorDeps, videos: string[], before: string[], options: SaveOptions): Promise<void> {
  const problems: string[] = [];
  for (const url of videos) {
    if (!deps.isVideoAddress(url)) {
      problems.push(`${url}: Video links must be addresses of the video provider`);
      continue;
    }
    // Links the post has already were checked when they were added.
    if (!options.checkVideos || before.includes(url) || !deps.checkVideo) continue;
    const problem = await deps.checkVideo(url);
    if (problem) problems.push(`${url}: ${problem}`);
  }
  if (problems.length > 0) throw invalidInput("videos", problems.join(" "));
}

/** The post's cover: its record's id, and the change of that image's description when the form made one. */
interface Cover {
  id: number | null;
  alt?: [string, string];
}

async function coverOf(db: Db, input: PostChange, options: SaveOptions): Promise<Cover> {
  const field = "coverAlt";
  const alt = input.coverAlt;
  if (options.newCover) {
    if (!alt) throw invalidInput(field, "Describe the cover for those who cannot see it.");
    const { src, width, height, size } = options.newCover;
    const [made] = await db
      .insert(mediaFiles)
      .values({
        name: src.split("/").pop() ?? "cover.webp",
        alternativeText: alt,
        path: src,
        mime: "image/webp",
        width,
        height,
        size,
      })
      .returning({ id: mediaFiles.id });
    return { id: made!.id };
  }
  if (input.coverId === undefined) return { id: null };
  const [cover] = await db
    .select({ id: mediaFiles.id, alt: mediaFiles.alternativeText })
    .from(mediaFiles)
    .where(eq(mediaFiles.id, input.coverId));
  if (!cover) throw invalidInput("coverId", "This image no longer exists: choose another.");
  if (!alt && !cover.alt) throw invalidInput(field, "Describe the cover for those who cannot see it.");
  // The form's description is the image's (one description per image, wherever it is used), so
  // it changes on Save only, audited with the post: never from a half-typed autosave.
  if (!alt || alt === cover.alt || options.autosave) return { id: cover.id };
  await db.update(mediaFiles).set({ alternativeText: alt }).where(eq(mediaFiles.id, cover.id));
  return { id: cover.id, alt: [cover.alt, alt] };
}

export async function savePost(
  scope: StaffScope,
  deps: NewsEditorDeps,
  rawId: unknown,
  raw: unknown,
  options: SaveOptions = {},
): Promise<{ id: number; slug: string; version: string; created: boolean; changed: string[] }> {
  const id = rawId === null || rawId === undefined ? null : parseInput(PostId, rawId, "id");
  const input = parseInput(postInputIn(deps.timeZone), options.autosave ? { ...(raw as object), publish: "draft" } : raw);
  const now = options.now ?? new Date();
  const result = await withTransaction(scope, async (tx) => {
    const before = id === null ? null : await lockPost(tx.db, id, input.version);
    if (options.autosave) refuseAutosave(before);
    await checkedVideos(deps, input.videos, before?.videos ?? [], options);
    const slug = await chosenSlug(tx.db, POST_SLUGS, input.slug, input.title, id);
    const cover = await coverOf(tx.db, input, options);
    const values = {
      title: input.title,
      slug,
      section: input.section,
      excerpt: input.excerpt,
      body: input.body,
      author: input.author,
      categoryId: input.categoryId ?? null,
      coverId: cover.id,
      // An autosave keeps the links the post has: new ones wait for Save, which asks the video
      // provider about them (a link saved unchecked would count as checked later).
      videos: options.autosave ? (before?.videos ?? []) : input.videos,
      // Exclusives are members-only, whatever was sent.
      membersOnly: input.section === "exclusives" || input.membersOnly,
      seoDescription: input.seoDescription,
      publishedAt: publishedAtOf(input, before, now),
    };
    if (!before) {
      const [made] = await tx.db
        .insert(newsPosts)
        .values(values)
        .returning({ id: newsPosts.id, version: versionOf(newsPosts.updatedAt) });
      const changes = Object.fromEntries(AUDITED.map((field) => [field, [null, values[field]]])) as Record<
        string,
        [unknown, unknown]
      >;
      if (cover.alt) changes.coverAlt = cover.alt;
      await recordAudit(tx, { action: "news.created", entityType: "news", entityId: made!.id, changes });
      await followAddress(tx.db, "news", made!.id, postPath(values), postPath(values));
      return { id: made!.id, slug, version: made!.version, created: true, changed: [...AUDITED] as string[] };
    }
    const changes = diffFields(before, values, AUDITED);
    if (cover.alt) changes.coverAlt = cover.alt;
    // An archived post that is published again comes back; saved as a draft it stays archived.
    const archivedAt = before.archivedAt !== null && values.publishedAt === null ? before.archivedAt : null;
    if (archivedAt?.getTime() !== before.archivedAt?.getTime()) changes.archivedAt = [before.archivedAt, archivedAt];
    const [after] = await tx.db
      .update(newsPosts)
      .set({ ...values, publishedAt: archivedAt ? null : values.publishedAt, archivedAt, updatedAt: nextPostVersion })
      .where(eq(newsPosts.id, before.id))
      .returning({ version: versionOf(newsPosts.updatedAt) });
    await followAddress(tx.db, "news", before.id, postPath(before), postPath(values));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { action: "news.updated", entityType: "news", entityId: before.id, changes });
    return { id: before.id, slug, version: after!.version, created: false, changed: Object.keys(changes) };
  });
  afterCommit(scope, deps.changed);
  return result;
}
