// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export {
  clearCompareNoticeCookie,
  compareListCookie,
  compareNoticeCookie,
  readCompareList,
  readCompareNotice,
} from "./cookies.ts";
export { formatProductIds, refererPath, safeReturnPath } from "./form-paths.ts";
export { isErrorNotice, noticeMessage, type CompareActionResult } from "./notices.ts";
export { expandCompareToggle } from "./toggle.ts";
export type { CompareCell } from "./comparison.ts";
