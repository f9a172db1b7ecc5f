// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. No imports with side effects: what a page takes from here ships to the browser.
export {
  NEWS_STATUSES,
  NEWS_STATUS_WORDS,
  NEWS_SORTS,
  newsEditorPath,
  newsStatusOf,
  PUBLISH_CHOICES,
  type NewsStatus,
  type NewsSort,
  type PublishChoice,
} from "./words.ts";
