// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export { FEED_PATH, isNewsSection, postPath } from "./paths.ts";
export { STORY_PRODUCTS, storyShopCategory } from "./shop-the-story.ts";
