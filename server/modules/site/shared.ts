// What pages may share of this module (ADR 53): the site data's types and words, the flags'
// descriptions, the launch page's overlay and the links' rule. Small files without side effects only.
export * from "./words.ts";
export { KNOWN_FLAGS, initialFlag, type KnownFlag } from "./flag-words.ts";
export { launchPage } from "./launch-page.ts";
export type { MenuEntry, SiteView, ViewLink } from "./view.ts";
