// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. No imports with side effects: what a page takes from here ships to the browser.
export {
  EDITORIAL_STATUSES,
  EDITORIAL_STATUS_WORDS,
  editorialStatusOf,
  PUBLISH_CHOICES,
  publishChoiceOf,
  type EditorialStatus,
  type PublishChoice,
} from "./words.ts";
export { instantToZoned, isTimeZone, zonedToInstant } from "./zone.ts";
