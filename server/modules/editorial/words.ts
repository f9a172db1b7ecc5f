/*
 * The words the back office's editors share (ADR 75): a post's or a page's status, read from its
 * row alone, and what a save does with its place on the site. No imports: pages take this file
 * through shared.ts.
 */

export const EDITORIAL_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type EditorialStatus = (typeof EDITORIAL_STATUSES)[number];

export const EDITORIAL_STATUS_WORDS: Readonly<Record<EditorialStatus, string>> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/**
 * - draft: no publishing time, not archived;
 * - scheduled: a publishing time to come (the site shows it from then, with nobody acting);
 * - published: a publishing time past;
 * - archived: taken off for good (a published entry is archived, never deleted).
 */
export function editorialStatusOf(
  row: { publishedAt: string | Date | null; archivedAt: string | Date | null },
  now = Date.now(),
): EditorialStatus {
  if (row.archivedAt !== null) return "archived";
  if (row.publishedAt === null) return "draft";
  return new Date(row.publishedAt).getTime() > now ? "scheduled" : "published";
}

/** What a save does with the entry's place on the site: keep it a draft (or take it off), publish now, or at a moment. */
export const PUBLISH_CHOICES = ["draft", "now", "at"] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];

/** The publish choice the editor's form starts from, for an entry in that status. */
export const publishChoiceOf = (status: EditorialStatus): PublishChoice =>
  status === "scheduled" ? "at" : status === "published" ? "now" : "draft";
