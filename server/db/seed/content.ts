import { statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { mediaFiles, membershipPlans, newsCategories, newsPosts, pages } from "../schema/index.ts";
import { COVER_HEIGHT, COVER_WIDTH, coverAlternativeText, coverPath, coverSvg, type CoverKey } from "./covers.ts";
import { renderImages } from "./images.ts";
import { newsCategorySeeds } from "./news-data.ts";
import { planPosts, type PostPlan } from "./news-posts.ts";
import { pageSeeds } from "./pages-data.ts";
import { planSeeds } from "./plans-data.ts";
import { createRandom } from "./random.ts";

export interface ContentOptions {
  /** The shop's media folder; covers go to news/ and pages' pictures to pages/ under it. */
  mediaDir: string;
  /** The moment the demo's dates count back from (and the launch countdown forward). */
  now?: Date;
}

/** What one run added; 0 for a kind whose table already had rows. */
export interface ContentCounts {
  plans: number;
  newsCategories: number;
  /** Published posts of the news section. */
  news: number;
  exclusives: number;
  drafts: number;
  pages: number;
  mediaFiles: number;
}

// Fixed so that every run plans the same newsroom.
export const CONTENT_SEED = 0x6e65_7773;

// The news goes back about ten months; the plans and categories were there before it.
const OPENED_DAYS_AGO = 320;
const DAY = 24 * 60 * 60 * 1000;

const ABOUT_IMAGE: CoverKey = { name: "about", scene: "goal", hex: "#1d2b53" };

interface RenderedImage {
  path: string;
  name: string;
  alternativeText: string;
  size: number;
}

/**
 * Adds the demo shop's content: membership plans, news categories, news posts and exclusives with
 * their covers, and the shop's pages. Each kind is added only when its table is empty, so this
 * can run on every start and never touches what an editor wrote. Images are rendered first, so
 * the rows go in one short transaction.
 */
export async function seedDemoContent(db: Db, options: ContentOptions): Promise<ContentCounts> {
  const now = options.now ?? new Date();
  const addPlans = await isEmpty(db, membershipPlans);
  const addCategories = await isEmpty(db, newsCategories);
  const posts = (await isEmpty(db, newsPosts)) ? planPosts(now, createRandom(CONTENT_SEED)) : [];
  const addPages = await isEmpty(db, pages);

  const covers = [...new Map(posts.map((post) => [post.cover.name, post.cover])).values()];
  const images = await renderCovers(options.mediaDir, [
    ...covers.map((cover) => ({ cover, folder: "news" })),
    ...(addPages ? [{ cover: ABOUT_IMAGE, folder: "pages" }] : []),
  ]);
  const coverFiles = images.slice(0, covers.length);
  const aboutFile = images[covers.length];

  return db.transaction(async (tx) => {
    const counts: ContentCounts = { plans: 0, newsCategories: 0, news: 0, exclusives: 0, drafts: 0, pages: 0, mediaFiles: 0 };
    const opened = new Date(now.getTime() - OPENED_DAYS_AGO * DAY);
    if (addPlans) {
      await tx
        .insert(membershipPlans)
        .values(
          planSeeds.map((plan, position) => ({ ...plan, position, createdAt: opened, updatedAt: opened, publishedAt: opened })),
        );
      counts.plans = planSeeds.length;
    }
    if (addCategories) {
      await tx.insert(newsCategories).values(
        newsCategorySeeds.map(({ slug, name, description }, position) => ({
          slug,
          name,
          description,
          position,
          createdAt: opened,
          updatedAt: opened,
          publishedAt: opened,
        })),
      );
      counts.newsCategories = newsCategorySeeds.length;
    }
    if (posts.length > 0) {
      const coverIds = await insertMedia(tx, coverFiles);
      counts.mediaFiles += coverFiles.length;
      await insertPosts(tx, posts, coverIds);
      counts.news = posts.filter((post) => post.section === "news" && post.publishedAt).length;
      counts.exclusives = posts.filter((post) => post.section === "exclusives").length;
      counts.drafts = posts.filter((post) => !post.publishedAt).length;
    }
    if (aboutFile) {
      const aboutImageId = (await insertMedia(tx, [aboutFile])).get(aboutFile.path) as number;
      counts.mediaFiles += 1;
      const seeds = pageSeeds({ now, aboutImageId });
      await tx.insert(pages).values(seeds.map((page) => ({ ...page, createdAt: now, updatedAt: now, publishedAt: now })));
      counts.pages = seeds.length;
    }
    return counts;
  });
}

async function isEmpty(db: Db, table: PgTable): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .limit(1);
  return rows.length === 0;
}

/** Renders the covers that are not on disk yet (in parallel) and reads back each file's size. */
async function renderCovers(mediaDir: string, covers: readonly { cover: CoverKey; folder: string }[]): Promise<RenderedImage[]> {
  await renderImages(
    mediaDir,
    covers.map(({ cover, folder }) => ({ path: coverPath(cover, folder), svg: () => coverSvg(cover) })),
  );
  return covers.map(({ cover, folder }) => {
    const path = coverPath(cover, folder);
    return {
      path,
      name: `${cover.name}.webp`,
      alternativeText: coverAlternativeText[cover.scene],
      size: statSync(join(mediaDir, path)).size,
    };
  });
}

/** One row per file, in one statement; returns each path's new id. */
async function insertMedia(db: Db, files: readonly RenderedImage[]): Promise<Map<string, number>> {
  const rows = await db
    .insert(mediaFiles)
    .values(files.map((file) => ({ ...file, mime: "image/webp", width: COVER_WIDTH, height: COVER_HEIGHT })))
    .returning({ id: mediaFiles.id, path: mediaFiles.path });
  return new Map(rows.map((row) => [row.path, row.id]));
}

async function insertPosts(db: Db, posts: readonly PostPlan[], coverIds: ReadonlyMap<string, number>): Promise<void> {
  // The categories as they are now: seeded just before, or kept from an earlier run or an editor.
  const categories = await db.select({ id: newsCategories.id, slug: newsCategories.slug }).from(newsCategories);
  const categoryIds = new Map(categories.map((row) => [row.slug, row.id]));
  await db.insert(newsPosts).values(
    posts.map(({ category, cover, ...post }) => ({
      ...post,
      categoryId: categoryIds.get(category) ?? null,
      coverId: coverIds.get(coverPath(cover, "news")) ?? null,
    })),
  );
}
