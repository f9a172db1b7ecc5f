import { escapeXml } from "../../lib/xml.ts";
import { FEED_PATH, postPath } from "./paths.ts";
import type { NewsPostRow } from "./reads.ts";

export interface FeedSite {
  siteName: string;
  tagline: string;
  /** The shop's public address, without a trailing slash. */
  publicUrl: string;
}

/**
 * The Atom feed (RFC 4287) of the public news: each entry whole, its HTML as the post page shows
 * it. Addresses inside the HTML are the shop's own (/media, /leaving): xml:base resolves them.
 */
export function atomFeed(site: FeedSite, posts: readonly (NewsPostRow & { html: string })[]): string {
  const base = site.publicUrl;
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), "1970-01-01T00:00:00Z");
  const entries = posts.map((post) => {
    const url = escapeXml(base + postPath(post));
    return [
      "  <entry>",
      `    <title>${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <id>${url}</id>`,
      `    <published>${post.publishedAt}</published>`,
      `    <updated>${post.updatedAt}</updated>`,
      post.author ? `    <author><name>${escapeXml(post.author)}</name></author>` : "",
      post.category ? `    <category term="${escapeXml(post.category.slug)}" label="${escapeXml(post.category.name)}"/>` : "",
      `    <summary>${escapeXml(post.excerpt)}</summary>`,
      `    <content type="html">${escapeXml(post.html)}</content>`,
      "  </entry>",
    ]
      .filter((line) => line !== "")
      .join("\n");
  });
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(base)}/">`,
    `  <title>${escapeXml(`${site.siteName}: news`)}</title>`,
    `  <subtitle>${escapeXml(site.tagline)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(base + FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/news-and-media/news`)}"/>`,
    `  <id>${escapeXml(`${base}/news-and-media/news`)}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}
