/*
 * The newsroom's words as the back office shows them (ADR 75). No imports: pages take this file
 * through shared.ts.
 */

/** A post's status, read from its row alone (newsStatusOf; the list's filter in SQL says the same). */
export const NEWS_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_STATUS_WORDS: Readonly<Record<NewsStatus, string>> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/**
 * - draft: no publishing time, not archived;
 * - scheduled: a publishing time to come (the site shows it from then, with nobody acting);
 * - published: a publishing time past;
 * - archived: taken off for good (a published post is archived, never deleted).
 */
export function newsStatusOf(
  row: { publishedAt: string | Date | null; archivedAt: string | Date | null },
  now = Date.now(),
): NewsStatus {
  if (row.archivedAt !== null) return "archived";
  if (row.publishedAt === null) return "draft";
  return new Date(row.publishedAt).getTime() > now ? "scheduled" : "published";
}

/** What a save does with the post's place on the site: keep it a draft (or take it off), publish now, or at a moment. */
export const PUBLISH_CHOICES = ["draft", "now", "at"] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];

/** The list's columns it sorts by (`sort`, with `dir` asc or desc): the most recently changed first by default. */
export const NEWS_SORTS = ["updated", "title", "published"] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

export const newsEditorPath = (id: number) => `/admin/news/${id}`;
