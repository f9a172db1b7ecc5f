import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mediaFiles, newsPosts } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * The news editor's use cases (issue 26 §1, ADR 75): a post made, changed under its version
 * (409 on a stale one), its old address kept for a 301, scheduled and appearing at its time with
 * nobody acting, unpublished, archived (never deleted once on the site) and a draft deleted;
 * each change audited; preview links signed and expiring; the content API's writes going through
 * the same save.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let editor: StaffScope;
const body = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: "An excerpt.",
  body: "## Part\n\nText **bold**.",
  publish: "now",
  ...extra,
});

beforeAll(async () => {
  shop = await seededShop(4);
  editor = staffScopeOf(systemScope(shop.database.db), { id: 44, email: "editor@example.com", role: "editor" }, "req-news");
});
afterAll(() => shop.close());

const auditOf = (id: number) =>
  shop.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "news"), eq(auditLog.entityId, String(id))));

test("a post made and changed: its slug from the title, the old address answering 301, a stale form refused", async () => {
  const { newsEditor, news } = shop.services;
  const made = await newsEditor.save(
    editor,
    null,
    body("Diving Drills & Tips", { seoDescription: "Six drills for diving keepers." }),
  );
  expect(made.slug).toBe("diving-drills-and-tips");
  const post = await newsEditor.post(editor, made.id);
  expect(post.status).toBe("published");
  // The page reads its SEO description (its meta description and share text).
  expect(await news.post("news", "diving-drills-and-tips", { member: false })).toMatchObject({
    title: "Diving Drills & Tips",
    seoDescription: "Six drills for diving keepers.",
  });

  await newsEditor.save(editor, made.id, body("Diving Drills & Tips", { slug: "diving-drills", version: post.version }));
  expect(await news.movedTo("/news-and-media/news/post/diving-drills-and-tips")).toBe("/news-and-media/news/post/diving-drills");
  // The form read before that change is refused, and nothing it sent is saved.
  await expect(newsEditor.save(editor, made.id, body("Stale", { version: post.version }))).rejects.toMatchObject({
    code: "STALE_VERSION",
  });
  expect((await newsEditor.post(editor, made.id)).title).toBe("Diving Drills & Tips");
  // A second post may not take the address; made from the title it is numbered.
  await expect(newsEditor.save(editor, null, body("Other", { slug: "diving-drills" }))).rejects.toMatchObject({ field: "slug" });
  expect((await newsEditor.save(editor, null, body("Diving drills"))).slug).toBe("diving-drills-2");
  expect((await auditOf(made.id)).map((row) => row.action)).toEqual(["news.created", "news.updated"]);
});

test("a scheduled post appears at its time with nobody acting; exclusives are members-only whatever is sent", async () => {
  const { newsEditor, news } = shop.services;
  const at = new Date(Date.now() + 1500);
  const made = await newsEditor.save(
    editor,
    null,
    body("Night match", { section: "exclusives", membersOnly: "", publish: "at", publishAt: at.toISOString() }),
  );
  expect((await newsEditor.post(editor, made.id)).status).toBe("scheduled");
  expect((await newsEditor.post(editor, made.id)).membersOnly).toBe(true);
  const listed = async () => (await news.listing({ section: "exclusives", page: 1 }))?.tiles.map((tile) => tile.slug) ?? [];
  expect(await listed()).not.toContain("night-match");
  await expect.poll(listed, { timeout: 5000, interval: 100 }).toContain("night-match");
  // A moment past is refused, unless it is the one the post has.
  await expect(
    newsEditor.save(editor, null, body("Late", { publish: "at", publishAt: "2001-01-01T00:00" })),
  ).rejects.toMatchObject({
    field: "publishAt",
  });
});

test("unpublish, archive and delete: a draft is deleted, a post on the site archived; each audited", async () => {
  const { newsEditor, news } = shop.services;
  const made = await newsEditor.save(editor, null, body("Gone soon"));
  const read = () => newsEditor.post(editor, made.id);
  await newsEditor.unpublish(editor, made.id, { version: (await read()).version });
  expect((await read()).status).toBe("draft");
  expect(await news.post("news", "gone-soon", { member: true })).toBeNull();
  await newsEditor.save(editor, made.id, body("Gone soon", { version: (await read()).version }));
  expect((await newsEditor.remove(editor, made.id, { version: (await read()).version })).done).toBe("archived");
  expect((await read()).status).toBe("archived");
  expect((await newsEditor.restore(editor, made.id, { version: (await read()).version })).done).toBe("restored");
  expect((await newsEditor.remove(editor, made.id, { version: (await read()).version })).done).toBe("deleted");
  expect(await shop.database.db.select().from(newsPosts).where(eq(newsPosts.id, made.id))).toEqual([]);
  expect((await auditOf(made.id)).map((row) => row.action)).toEqual([
    "news.created",
    "news.unpublished",
    "news.updated",
    "news.archived",
    "news.restored",
    "news.deleted",
  ]);
});

test("video links: the provider's addresses only; the body's preview is the site's rendering", async () => {
  const { newsEditor } = shop.services;
  await expect(newsEditor.save(editor, null, body("Clip", { videos: "https://vimeo.com/1" }))).rejects.toMatchObject({
    field: "videos",
    message: expect.stringContaining("Video links must be addresses of the video provider"),
  });
  expect(newsEditor.preview("Hi **there** <script>x</script>")).toBe("<p>Hi <strong>there</strong> </p>\n");
});

test("an autosave keeps the post's video links and its cover's description for Save; Save changes the description, audited", async () => {
  const { newsEditor } = shop.services;
  const [image] = await shop.database.db
    .insert(mediaFiles)
    .values({
      name: "wall.webp",
      path: "news/wall.webp",
      mime: "image/webp",
      width: 800,
      height: 450,
      size: 1,
      alternativeText: "A wall",
    })
    .returning({ id: mediaFiles.id });
  const made = await newsEditor.save(editor, null, body("Wall drills", { publish: "draft", coverId: String(image!.id) }));
  const read = () => newsEditor.post(editor, made.id);
  const altOf = async () =>
    (await shop.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, image!.id)))[0]!.alternativeText;
  const video = "https://www.youtube.com/watch?v=abcdefghijk";
  await newsEditor.save(
    editor,
    made.id,
    body("Wall drills", { version: (await read()).version, coverId: String(image!.id), coverAlt: "A wa", videos: video }),
    { autosave: true },
  );
  const [autosaved] = await shop.database.db.select().from(newsPosts).where(eq(newsPosts.id, made.id));
  expect(autosaved!.videos).toEqual([]);
  expect(await altOf()).toBe("A wall");

  await newsEditor.save(
    editor,
    made.id,
    body("Wall drills", {
      publish: "draft",
      version: (await read()).version,
      coverId: String(image!.id),
      coverAlt: "A keeper at the wall",
    }),
  );
  expect(await altOf()).toBe("A keeper at the wall");
  const entries = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "news"), eq(auditLog.entityId, String(made.id)), eq(auditLog.action, "news.updated")));
  expect(entries.map((entry) => (entry.changes as Record<string, unknown>).coverAlt).filter(Boolean)).toEqual([
    ["A wall", "A keeper at the wall"],
  ]);
});

test("preview links name one post and end after 24 hours", () => {
  const { newsEditor } = shop.services;
  const now = Date.now();
  const { path } = newsEditor.previewLink(7, now);
  const token = path.split("/").pop()!;
  expect(newsEditor.previewedPost(token, now + 1000)).toBe(7);
  expect(newsEditor.previewedPost(token, now + 24 * 3600_000 + 1000)).toBeNull();
  expect(newsEditor.previewedPost(token.replace(/^7\./, "8."), now)).toBeNull();
});

test("the content API's writes go through the same save: audited, slugs and 301s kept", async () => {
  const { content, newsEditor, news } = shop.services;
  const def = content.collection("news")!;
  const reader = { userId: 44, scopes: ["content"] };
  const entry = await content.create(editor, reader, def, { data: { title: "From the API", slug: "from-the-api" } }, {});
  const id = (await shop.database.db.select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.slug, "from-the-api")))[0]!
    .id;
  await content.update(
    editor,
    reader,
    def,
    entry.documentId as string,
    { data: { slug: "from-the-api-2", version: entry.version } },
    {},
  );
  expect(await news.movedTo("/news-and-media/news/post/from-the-api")).toBe("/news-and-media/news/post/from-the-api-2");
  await expect(
    content.update(editor, reader, def, entry.documentId as string, { data: { title: "Stale", version: entry.version } }, {}),
  ).rejects.toMatchObject({ code: "STALE_VERSION" });
  expect((await auditOf(id)).map((row) => row.action)).toEqual(["news.created", "news.updated"]);
  expect((await newsEditor.post(editor, id)).status).toBe("published");
});
