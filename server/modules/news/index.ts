import type { Db } from "../../db/client.ts";
import type { NewsSection } from "../../db/schema/index.ts";
import type { LinkSigner } from "../external-links/leaving-path.ts";
import { atomFeed, type FeedSite } from "./feed.ts";
import { createRenderedMarkdown } from "./rendered.ts";
import { renderMarkdown } from "./markdown.ts";
import {
  latestPublicPosts,
  newsCategoryCounts,
  newsPostRow,
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

/**
 * A post as a reader may see it. Members-only posts are locked for everyone else: the teaser
 * (title, excerpt, cover, category, author, date) and nothing of the body or its videos.
 */
export type NewsPost = NewsTile & {
  updatedAt: string;
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

  return {
    /** One page of tiles; a page past the last answers null (a page that does not exist). */
    async listing(query: Omit<NewsListQuery, "pageSize">): Promise<NewsListing | null> {
      const { tiles, total } = await newsTiles(db, { ...query, pageSize: NEWS_PAGE_SIZE });
      const pageCount = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
      if (query.page > pageCount) return null;
      return { tiles, page: query.page, pageCount, total };
    },
    /** The categories with published posts, for the chips (in a section, when given). */
    categories: (section?: NewsSection) => newsCategoryCounts(db, section),
    /** A post as this reader may see it, or null when no published post has that address. */
    async post(section: NewsSection, slug: string, reader: { member: boolean }): Promise<NewsPost | null> {
      const row = await newsPostRow(db, section, slug);
      if (!row) return null;
      const related = await relatedTiles(db, row, RELATED_POSTS);
      const { id: _id, body: _body, videos, ...tile } = row;
      if (row.membersOnly && !reader.member) return { ...tile, related, locked: true, html: null, videos: [] };
      return { ...tile, related, locked: false, html: htmlOf(row), videos };
    },
    /** The Atom feed of public news. */
    async feed(site: FeedSite): Promise<string> {
      const posts = await latestPublicPosts(db, FEED_ENTRIES);
      return atomFeed(
        site,
        posts.map((post) => ({ ...post, html: htmlOf(post) })),
      );
    },
    /** Every published post's address (exclusives too: their pages show the teaser to everyone). */
    sitemapPosts: () => publishedPostPaths(db),
  };
}

export type NewsService = ReturnType<typeof createNews>;
