/*
 * The newsroom's words as the back office shows them (ADR 75). Pages take this file through
 * shared.ts: it imports only another module's shared words.
 */

// A post's status and the publish choices are the editors' (ADR 75): the same for pages.
export {
  EDITORIAL_STATUSES as NEWS_STATUSES,
  EDITORIAL_STATUS_WORDS as NEWS_STATUS_WORDS,
  editorialStatusOf as newsStatusOf,
  PUBLISH_CHOICES,
  type EditorialStatus as NewsStatus,
  type PublishChoice,
} from "../editorial/shared.ts";

/** The list's columns it sorts by (`sort`, with `dir` asc or desc): the most recently changed first by default. */
export const NEWS_SORTS = ["updated", "title", "published"] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

export const newsEditorPath = (id: number) => `/admin/news/${id}`;
