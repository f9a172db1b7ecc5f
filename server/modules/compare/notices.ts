import { COMPARE_FULL_MESSAGE } from "./compare-list.ts";

/*
 * What a compare action tells the shopper: a toast when the page has JavaScript, a one-time
 * notice on the page it returns to when it has not. Both read the same words from here.
 */

export const COMPARE_NOTICE_KINDS = ["added", "removed", "cleared", "kept", "full", "unavailable", "invalid"] as const;
export type CompareNoticeKind = (typeof COMPARE_NOTICE_KINDS)[number];

export interface CompareNotice {
  kind: CompareNoticeKind;
  /** The product's name, for the notices about one product. */
  product?: string;
}

/** Longest product name a notice repeats; names in the catalogue are far shorter. */
export const NOTICE_NAME_MAX = 120;

const ERRORS = new Set<CompareNoticeKind>(["full", "unavailable", "invalid"]);

export function isErrorNotice(notice: CompareNotice): boolean {
  return ERRORS.has(notice.kind);
}

export function noticeMessage(notice: CompareNotice): string {
  const product = notice.product;
  switch (notice.kind) {
    case "added":
      return product ? `${product} is ready to compare.` : "Added to compare.";
    case "removed":
      return product ? `${product} was removed from compare.` : "Removed from compare.";
    case "cleared":
      return "Your compare list is empty.";
    case "kept":
      return "These products are now your compare list.";
    case "full":
      return COMPARE_FULL_MESSAGE;
    case "unavailable":
      return "This product is no longer available to compare.";
    case "invalid":
      return "That compare request could not be understood. Please try again.";
  }
}

/** What POST /compare-products answers a script (via=fetch) instead of redirecting. */
export interface CompareActionResult {
  ok: boolean;
  message: string;
  /** The list after the action. */
  list: number[];
}
