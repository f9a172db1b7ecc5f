import { NEWS_SECTIONS, type NewsSection } from "../../db/schema/news-sections.ts";

/*
 * The newsroom's addresses. Pure (no database): the pages and the browser use them too.
 */

export const FEED_PATH = "/news-and-media/feed.xml";

/** The address of a post's page. */
export function postPath(post: { section: string; slug: string }): string {
  return `/news-and-media/${post.section}/post/${post.slug}`;
}

export function isNewsSection(value: string | undefined): value is NewsSection {
  return (NEWS_SECTIONS as readonly string[]).includes(value ?? "");
}
