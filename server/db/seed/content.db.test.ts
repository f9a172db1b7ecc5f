import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { pageBlockSchema } from "../../modules/content/collections/pages.ts";
import { isVideoAddress } from "../../modules/content/videos.ts";
import type { Database } from "../client.ts";
import { mediaFiles, membershipPlans, newsCategories, newsPosts, pages } from "../schema/index.ts";
import { seedDemoContent, type ContentCounts } from "./content.ts";
import { seedDemoShop } from "./index.ts";

const now = new Date("2025-06-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("seedDemoContent", () => {
  let database: Database;
  let mediaDir: string;
  let counts: ContentCounts;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), "seed-content-"));
    counts = await seedDemoContent(database.db, { mediaDir, now });
  });

  afterAll(async () => {
    await database?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it("adds a free and a paid yearly membership plan", async () => {
    const plans = await database.db.select().from(membershipPlans).orderBy(asc(membershipPlans.position));
    expect(counts.plans).toBe(2);
    expect(plans).toHaveLength(2);
    expect(plans[0]).toMatchObject({ slug: "club", price: 0, months: null, discountBasisPoints: 0, freeDelivery: false });
    expect(plans[0]?.earlyAccess).toBe(true);
    expect(plans[1]).toMatchObject({ slug: "pro", price: 4900, currency: "EUR", months: 12, discountBasisPoints: 1000 });
    expect(plans[1]).toMatchObject({ freeDelivery: true, earlyAccess: true, position: 1 });
    for (const plan of plans) {
      expect(plan.benefits.length).toBeGreaterThanOrEqual(3);
      expect(plan.publishedAt?.getTime()).toBeLessThan(now.getTime());
    }
  });

  it("adds five news categories with descriptions", async () => {
    const categories = await database.db.select().from(newsCategories);
    expect(counts.newsCategories).toBe(5);
    expect(categories).toHaveLength(5);
    for (const category of categories) expect(category.description.length).toBeGreaterThan(20);
  });

  it("adds at least 30 news posts, 12 members-only exclusives and one draft, all in the past", async () => {
    const posts = await database.db.select().from(newsPosts);
    const news = posts.filter((post) => post.section === "news" && post.publishedAt);
    const exclusives = posts.filter((post) => post.section === "exclusives");
    const drafts = posts.filter((post) => post.publishedAt === null);
    expect(news.length).toBeGreaterThanOrEqual(30);
    expect(exclusives.length).toBeGreaterThanOrEqual(12);
    expect(exclusives.every((post) => post.membersOnly)).toBe(true);
    expect(drafts).toHaveLength(1);
    expect(counts).toMatchObject({ news: news.length, exclusives: exclusives.length, drafts: 1 });
    expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length);
    for (const post of posts) {
      if (post.publishedAt) expect(post.publishedAt.getTime()).toBeLessThan(now.getTime());
      if (post.publishedAt) expect(post.publishedAt.getTime()).toBeGreaterThan(now.getTime() - 310 * DAY);
      expect(post.categoryId, post.slug).not.toBeNull();
      expect(post.title && post.excerpt && post.author && post.body).toBeTruthy();
    }
    const perCategory = await database.db
      .select({ id: newsPosts.categoryId, n: count() })
      .from(newsPosts)
      .groupBy(newsPosts.categoryId);
    expect(perCategory).toHaveLength(5);
  });

  it("gives every post a cover: a webp on disk of the recorded size and dimensions", async () => {
    const posts = await database.db.select({ slug: newsPosts.slug, coverId: newsPosts.coverId }).from(newsPosts);
    expect(posts.every((post) => post.coverId !== null)).toBe(true);
    const ids = [...new Set(posts.map((post) => post.coverId as number))];
    const covers = await database.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids));
    expect(covers).toHaveLength(ids.length);
    for (const cover of covers) {
      const file = join(mediaDir, cover.path);
      expect(existsSync(file), cover.path).toBe(true);
      expect(cover.path).toMatch(/^news\/[a-z0-9-]+\.webp$/);
      expect(statSync(file).size).toBe(cover.size);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width: cover.width, height: cover.height });
      expect([cover.width, cover.height, cover.mime]).toEqual([1200, 675, "image/webp"]);
      expect(cover.alternativeText.length).toBeGreaterThan(0);
    }
    const [media] = await database.db.select({ n: count() }).from(mediaFiles);
    expect(counts.mediaFiles).toBe(media?.n);
  });

  it("links about a third of the posts to videos, all addresses of the provider", async () => {
    const posts = await database.db.select({ videos: newsPosts.videos }).from(newsPosts);
    const filmed = posts.filter((post) => post.videos.length > 0);
    expect(filmed.length).toBeGreaterThanOrEqual(Math.floor(posts.length / 4));
    expect(filmed.length).toBeLessThanOrEqual(Math.ceil(posts.length / 2));
    for (const url of filmed.flatMap((post) => post.videos)) expect(isVideoAddress(url), url).toBe(true);
  });

  it("adds the shop's pages, each with blocks the pages collection accepts", async () => {
    const rows = await database.db.select().from(pages);
    expect(counts.pages).toBe(rows.length);
    expect(rows.map((page) => page.slug).sort()).toEqual(
      ["about", "icons", "launch", "privacy-policy", "returns-policy", "terms-condition", "the-keepers-call", "xg"].sort(),
    );
    const schema = pageBlockSchema();
    for (const page of rows) {
      expect(page.blocks.length, page.slug).toBeGreaterThan(0);
      for (const block of page.blocks) {
        const parsed = schema.safeParse(block);
        expect(parsed.success, `${page.slug}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.description.length).toBeGreaterThan(0);
      expect(page.description.length).toBeLessThanOrEqual(160);
      expect(page).toMatchObject({ blocked: false, membersOnly: false });
      expect(page.publishedAt).not.toBeNull();
    }
  });

  it("shows a real picture on the about page and counts the launch down three weeks", async () => {
    const bySlug = new Map((await database.db.select().from(pages)).map((page) => [page.slug, page]));
    const image = bySlug.get("about")?.blocks.find((block) => block.kind === "image");
    const [file] = await database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, image?.media as number));
    expect(file && existsSync(join(mediaDir, file.path))).toBe(true);
    const countdown = bySlug.get("launch")?.blocks.find((block) => block.kind === "countdown");
    expect(new Date(countdown?.until as string).getTime() - now.getTime()).toBe(21 * DAY);
    expect(bySlug.get("launch")?.blocks.map((block) => block.kind)).toEqual(expect.arrayContaining(["signup", "products"]));
  });

  it("keeps the icons page out of the sitemap, and every other page in it", async () => {
    const rows = await database.db.select({ slug: pages.slug, inSitemap: pages.inSitemap }).from(pages);
    for (const page of rows) expect(page.inSitemap, page.slug).toBe(page.slug !== "icons");
  });

  it("adds nothing when run again, and only what is missing after a kind was emptied", async () => {
    const { db } = database;
    const before = await tableCounts(database);
    const again = await seedDemoContent(db, { mediaDir, now: new Date(now.getTime() + DAY) });
    expect(again).toEqual({ plans: 0, newsCategories: 0, news: 0, exclusives: 0, drafts: 0, pages: 0, mediaFiles: 0 });
    expect(await tableCounts(database)).toEqual(before);

    await db.delete(pages);
    const refilled = await seedDemoContent(db, { mediaDir, now });
    expect(refilled).toMatchObject({ plans: 0, newsCategories: 0, news: 0, pages: before.pages, mediaFiles: 1 });
  });

  it("comes with the demo shop, and a second shop seed keeps the content there", async () => {
    const before = await tableCounts(database);
    const shop = await seedDemoShop(database.db, { products: 0, mediaDir });
    expect(shop.content).toEqual({ plans: 0, newsCategories: 0, news: 0, exclusives: 0, drafts: 0, pages: 0, mediaFiles: 0 });
    expect(await tableCounts(database)).toMatchObject({
      plans: before.plans,
      categories: before.categories,
      posts: before.posts,
    });
  });
});

async function tableCounts(database: Database) {
  const total = async (
    table: typeof pages | typeof newsPosts | typeof newsCategories | typeof membershipPlans | typeof mediaFiles,
  ) => (await database.db.select({ n: count() }).from(table))[0]?.n;
  return {
    plans: await total(membershipPlans),
    categories: await total(newsCategories),
    posts: await total(newsPosts),
    pages: await total(pages),
    media: await total(mediaFiles),
  };
}
