import type { Db } from "../../db/client.ts";
import type { NewsSection } from "../../db/schema/index.ts";
import type { LinkSigner } from "../external-links/index.ts";
import { atomFeed, type FeedSite } from "./feed.ts";
import { cachedByKey } from "../catalog/index.ts";
import { isNewsSection } from "./paths.ts";
import { createRenderedMarkdown } from "./rendered.ts";
import { movedPostPath } from "./moved.ts";
import { createScheduleWatch } from "./schedule-watch.ts";
import { renderMarkdown } from "./markdown.ts";
import {
  latestPublicPosts,
  newsCategoryCounts,
  newsPostRow,
  newsPostRowById,
  newsTiles,
  publishedPostPaths,
  relatedTiles,
  type NewsListQuery,
  type NewsPostRow,
  type NewsTile,
} from "./reads.ts";

export type { FeedSite } from "./feed.ts";
export { FEED_PATH, isNewsSection, postPath } from "./paths.ts";
export { LEAVING_PATH, renderMarkdown } from "./markdown.ts";
export type { NewsCategoryCount, NewsCategoryRef, NewsTile } from "./reads.ts";

export const NEWS_PAGE_SIZE = 12;
const RELATED_POSTS = 3;
const FEED_ENTRIES = 20;
const NEWS_CACHE_MS = 10_000;
const NEWS_CACHE_ENTRIES = 500;

/**
 * A post as a reader may see it. Members-only posts are locked for everyone else: the teaser
 * (title, excerpt, cover, category, author, date) and nothing of the body or its videos.
 */
export type NewsPost = NewsTile & {
  updatedAt: string;
  /** The editor's SEO description; empty: the excerpt says it. */
  seoDescription: string;
  related: NewsTile[];
} & ({ locked: false; html: string; videos: string[] } | { locked: true; html: null; videos: [] });

export interface NewsListing {
  tiles: NewsTile[];
  page: number;
  pageCount: number;
  total: number;
}

export interface NewsConfig {
  /** Signs the links a post makes to other sites, so the external-site notice forwards them. */
  sign?: LinkSigner;
}

/** The newsroom the news pages, the feed and the sitemap read (SPEC §2; issue 12). */
export function createNews(db: Db, config: NewsConfig = {}) {
  const rendered = createRenderedMarkdown((markdown) => renderMarkdown(markdown, { sign: config.sign }));
  const htmlOf = (post: NewsPostRow): string => rendered(`news ${post.id}@${post.updatedAt}`, post.body);

  // The pages read these on every view, and an edit or a scheduled post may wait NEWS_CACHE_MS to
  // show; an edit through the content API drops them at once in this process (invalidate).
  const cache = { ttlMs: NEWS_CACHE_MS, maxEntries: NEWS_CACHE_ENTRIES };
  const clearCaches = () => {
    pages.invalidate();
    categories.invalidate();
    posts.invalidate();
  };
  // A scheduled post appears at its time: the caches are dropped when the clock passes it.
  const watch = createScheduleWatch(db, () => clearCaches());
  const pages = cachedByKey(async (key) => {
    const query = JSON.parse(key) as Omit<NewsListQuery, "pageSize">;
    return newsTiles(db, { ...query, pageSize: NEWS_PAGE_SIZE });
  }, cache);
  const categories = cachedByKey((section) => newsCategoryCounts(db, isNewsSection(section) ? section : undefined), cache);
  const posts = cachedByKey(async (key) => {
    const [section, slug] = JSON.parse(key) as [NewsSection, string];
    const row = await newsPostRow(db, section, slug);
    return row && { row, related: await relatedTiles(db, row, RELATED_POSTS) };
  }, cache);

  // Every read first lets the clock move the stamp (a request with cookies skips the page cache).
  const follow = async () => {
    await watch.ready();
    watch.stamp();
  };

  return {
    /** One page of tiles; a page past the last answers null (a page that does not exist). */
    async listing(query: Omit<NewsListQuery, "pageSize">): Promise<NewsListing | null> {
      await follow();
      const key = JSON.stringify({ section: query.section, category: query.category, page: query.page });
      const { tiles, total } = await pages(key);
      const pageCount = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
      if (query.page > pageCount) return null;
      return { tiles, page: query.page, pageCount, total };
    },
    /** The categories with published posts, for the chips (in a section, when given). */
    categories: async (section?: NewsSection) => {
      await follow();
      return categories(section ?? "all");
    },
    /** A post as this reader may see it, or null when no published post has that address. */
    async post(section: NewsSection, slug: string, reader: { member: boolean }): Promise<NewsPost | null> {
      await follow();
      const found = await posts(JSON.stringify([section, slug]));
      if (!found) return null;
      const { row, related } = found;
      const { id: _id, body: _body, videos, ...tile } = row;
      if (row.membersOnly && !reader.member) return { ...tile, related, locked: true, html: null, videos: [] };
      return { ...tile, related, locked: false, html: htmlOf(row), videos };
    },
    /**
     * A post whatever its status (a draft, a scheduled one), as a reader will see it once it is
     * on the site: the preview link's page (ADR 75). Never cached.
     */
    async preview(id: number, reader: { member: boolean }): Promise<NewsPost | null> {
      const row = await newsPostRowById(db, id);
      if (!row) return null;
      const { id: _id, body, videos, ...tile } = row;
      const related = await relatedTiles(db, row, RELATED_POSTS);
      if (row.membersOnly && !reader.member) return { ...tile, related, locked: true, html: null, videos: [] };
      return { ...tile, related, locked: false, html: renderMarkdown(body, { sign: config.sign }), videos };
    },
    /** Where a post that had this address is now (its slug or section changed): a 301's target, or null. */
    movedTo: (path: string) => movedPostPath(db, path),
    /** The newsroom's state for the page cache: moves with every change and when a scheduled post appears. */
    stamp: () => watch.stamp(),
    /** Drops what was read, after an editor's change (the back office and the content API tell). */
    invalidate() {
      clearCaches();
      watch.changed();
    },
    /** The Atom feed of public news. */
    async feed(site: FeedSite): Promise<string> {
      await follow();
      const posts = await latestPublicPosts(db, FEED_ENTRIES);
      return atomFeed(
        site,
        posts.map((post) => ({ ...post, html: htmlOf(post) })),
      );
    },
    /** Every published post's address (exclusives too: their pages show the teaser to everyone). */
    sitemapPosts: async () => {
      await follow();
      return publishedPostPaths(db);
    },
  };
}

export type NewsService = ReturnType<typeof createNews>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { createRenderedMarkdown } from "./rendered.ts";
