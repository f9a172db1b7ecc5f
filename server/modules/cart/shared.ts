// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export { cartCookie, clearedCartCookie } from "./cookie.ts";
export { MAX_BAG_LINES, quantityCap } from "./limits.ts";
export { whoseBag } from "./whose-bag.ts";
export type { BagMembership, CartLineView } from "./read.ts";
