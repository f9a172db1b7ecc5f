import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { mediaFiles, newsCategories, newsPosts } from "../../db/schema/index.ts";
import { createNews, NEWS_PAGE_SIZE } from "./index.ts";

/*
 * The newsroom's reads (issue 12 §2): listings by section and category, newest first and paged;
 * a post whole for members and as a teaser for everyone else; related posts; the Atom feed of
 * public news only; drafts and future posts nowhere.
 */

let database: Database;
let news: ReturnType<typeof createNews>;
const DAY = 86_400_000;
const site = { siteName: "Safe Hands", tagline: "for every keeper", publicUrl: "https://shop.test" };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [gear, technique] = await db
    .insert(newsCategories)
    .values([
      { slug: "gear", name: "Gear", position: 1 },
      { slug: "technique", name: "Technique", position: 0 },
    ])
    .returning({ id: newsCategories.id });
  const [cover] = await db
    .insert(mediaFiles)
    .values({
      name: "cover.webp",
      alternativeText: "A keeper mid-dive",
      path: "news/cover.webp",
      mime: "image/webp",
      width: 1600,
      height: 900,
      size: 1000,
    })
    .returning({ id: mediaFiles.id });
  const now = Date.now();
  const posts = Array.from({ length: NEWS_PAGE_SIZE + 2 }, (_, i) => ({
    slug: `news-${i}`,
    title: `News ${i}`,
    excerpt: `Excerpt ${i}`,
    body: `## Part ${i}\n\nBody of news ${i}.`,
    author: "Rui",
    section: "news" as const,
    categoryId: i % 2 === 0 ? gear!.id : technique!.id,
    coverId: cover!.id,
    videos: i === 0 ? ["https://www.youtube.com/watch?v=abcdefghijk"] : [],
    publishedAt: new Date(now - (i + 1) * DAY),
  }));
  await db.insert(newsPosts).values([
    ...posts,
    {
      slug: "inside-the-lab",
      title: "Inside the glove lab",
      excerpt: "A look at next season's latex.",
      body: "The secret compound is **K-9**.",
      section: "exclusives",
      membersOnly: true,
      categoryId: gear!.id,
      videos: ["https://www.youtube.com/watch?v=zyxwvutsrqp"],
      publishedAt: new Date(now - DAY / 2),
    },
    { slug: "draft", title: "Draft", section: "news", publishedAt: null },
    { slug: "tomorrow", title: "Tomorrow", section: "news", publishedAt: new Date(now + DAY) },
  ]);
  news = createNews(db);
});

afterAll(async () => {
  await database?.close();
});

describe("listings", () => {
  test("both sections together, newest first, twelve a page, drafts and future posts left out", async () => {
    const first = (await news.listing({ page: 1 }))!;
    expect(first.total).toBe(NEWS_PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    expect(first.tiles.map((t) => t.slug).slice(0, 3)).toEqual(["inside-the-lab", "news-0", "news-1"]);
    expect(first.tiles[0]).toMatchObject({ section: "exclusives", membersOnly: true, category: { slug: "gear", name: "Gear" } });
    expect(first.tiles[1]!.cover).toEqual({ src: "/media/news/cover.webp", alt: "A keeper mid-dive" });
    const second = (await news.listing({ page: 2 }))!;
    expect(second.tiles.map((t) => t.slug)).toEqual(["news-11", "news-12", "news-13"]);
    expect(await news.listing({ page: 3 })).toBeNull();
  });

  test("a section, and a category within it", async () => {
    const exclusives = (await news.listing({ section: "exclusives", page: 1 }))!;
    expect(exclusives.tiles.map((t) => t.slug)).toEqual(["inside-the-lab"]);
    const technique = (await news.listing({ section: "news", category: "technique", page: 1 }))!;
    expect(technique.total).toBe(7);
    expect(technique.tiles.every((t) => t.category?.slug === "technique")).toBe(true);
  });

  test("an empty listing is one page with nothing on it, not a missing page", async () => {
    expect(await news.listing({ section: "exclusives", category: "technique", page: 1 })).toEqual({
      tiles: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });

  test("the categories with posts, in the editors' order, counted per section", async () => {
    expect(await news.categories("news")).toEqual([
      { slug: "technique", name: "Technique", description: "", count: 7 },
      { slug: "gear", name: "Gear", description: "", count: 7 },
    ]);
    expect((await news.categories("exclusives")).map((c) => [c.slug, c.count])).toEqual([["gear", 1]]);
  });
});

describe("a post", () => {
  test("is whole for anyone when public: its body rendered, its videos, related posts of its category first", async () => {
    const post = (await news.post("news", "news-0", { member: false }))!;
    expect(post.locked).toBe(false);
    expect(post.html).toContain("<h2>Part 0</h2>");
    expect(post.videos).toEqual(["https://www.youtube.com/watch?v=abcdefghijk"]);
    expect(post.related.map((t) => t.slug)).toEqual(["news-2", "news-4", "news-6"]);
  });

  test("a members-only post is a teaser for others: no body, no videos; whole for members", async () => {
    const teaser = (await news.post("exclusives", "inside-the-lab", { member: false }))!;
    expect(teaser).toMatchObject({ locked: true, html: null, videos: [], title: "Inside the glove lab" });
    expect(JSON.stringify(teaser)).not.toContain("K-9");
    const whole = (await news.post("exclusives", "inside-the-lab", { member: true }))!;
    expect(whole.html).toContain("<strong>K-9</strong>");
    expect(whole.videos).toHaveLength(1);
  });

  test("is not found in the other section, as a draft, or before it is published", async () => {
    expect(await news.post("exclusives", "news-0", { member: true })).toBeNull();
    expect(await news.post("news", "draft", { member: true })).toBeNull();
    expect(await news.post("news", "tomorrow", { member: true })).toBeNull();
  });
});

test("the Atom feed holds the public news, whole, and never an exclusive", async () => {
  const feed = await news.feed(site);
  expect(feed).toMatch(
    /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:base="https:\/\/shop.test\/">/,
  );
  expect(feed).toContain('<link rel="self" type="application/atom+xml" href="https://shop.test/news-and-media/feed.xml"/>');
  expect(feed).toContain("<id>https://shop.test/news-and-media/news/post/news-0</id>");
  expect(feed).toContain('<content type="html">&lt;h2&gt;Part 0&lt;/h2&gt;');
  expect(feed).not.toContain("inside-the-lab");
  expect(feed).not.toContain("K-9");
  expect(feed.match(/<entry>/g)).toHaveLength(NEWS_PAGE_SIZE + 2);
});

test("the sitemap lists every published post, exclusives too (their teasers are public)", async () => {
  const paths = (await news.sitemapPosts()).map((p) => `${p.section}/${p.slug}`);
  expect(paths).toContain("exclusives/inside-the-lab");
  expect(paths).toContain("news/news-13");
  expect(paths).not.toContain("news/draft");
  expect(paths).not.toContain("news/tomorrow");
});
