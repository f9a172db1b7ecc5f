import { isProductId, COMPARE_LIMIT, type CompareList } from "./compare-list.ts";
import { COMPARE_NOTICE_KINDS, NOTICE_NAME_MAX, type CompareNotice, type CompareNoticeKind } from "./notices.ts";
import { cookieValue, setCookie, type CookieSecurity } from "../../lib/cookies.ts";

/*
 * The compare list lives in a cookie: it needs no account and no database row, survives visits,
 * and every page can read it without a query (docs/decisions/0018-compare-list-in-a-cookie.md).
 * The value is the product ids joined by dots ("12.7.31"); it is not signed because it only names
 * public products, and whatever it holds is checked when read: anything unexpected is dropped,
 * never an error. HttpOnly: pages read the list from the server's loader data, no script needs it.
 */

export const COMPARE_COOKIE = "compare";
/** A one-time message for the page a compare form returns to without JavaScript. */
export const COMPARE_NOTICE_COOKIE = "compare_notice";

/** 180 days: the list should still be there when the shopper comes back to decide. */
export const COMPARE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;
/** Long enough for the redirect that follows the form post, short enough not to resurface later. */
export const NOTICE_COOKIE_MAX_AGE = 60;

// A list of four ids is at most 43 characters; a longer value is not ours.
const MAX_LIST_VALUE = 200;
const ID = /^[1-9]\d{0,9}$/;

/** The compare list in a Cookie header: well-formed ids, without repeats, at most COMPARE_LIMIT; otherwise empty. */
export function readCompareList(cookieHeader: string | null | undefined): CompareList {
  const value = cookieValue(cookieHeader, COMPARE_COOKIE);
  return value === undefined ? [] : parseCompareList(value);
}

export function parseCompareList(value: string): CompareList {
  if (value.length > MAX_LIST_VALUE) return [];
  const ids: number[] = [];
  for (const part of value.split(".")) {
    if (!ID.test(part)) continue;
    const id = Number(part);
    if (isProductId(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === COMPARE_LIMIT) break;
  }
  return ids;
}

/** The Set-Cookie header that stores the list; an empty list deletes the cookie. */
export function compareListCookie(list: CompareList, options: CookieSecurity): string {
  const ids = list.filter(isProductId).slice(0, COMPARE_LIMIT);
  if (ids.length === 0) return setCookie(COMPARE_COOKIE, "", { maxAge: 0, secure: options.secure });
  return setCookie(COMPARE_COOKIE, ids.join("."), { maxAge: COMPARE_COOKIE_MAX_AGE, secure: options.secure });
}

/** The notice in a Cookie header, if one is there and readable. */
export function readCompareNotice(cookieHeader: string | null | undefined): CompareNotice | null {
  const value = cookieValue(cookieHeader, COMPARE_NOTICE_COOKIE);
  if (!value) return null;
  const colon = value.indexOf(":");
  const kind = colon < 0 ? value : value.slice(0, colon);
  if (!(COMPARE_NOTICE_KINDS as readonly string[]).includes(kind)) return null;
  const notice: CompareNotice = { kind: kind as CompareNoticeKind };
  if (colon >= 0) {
    const product = decode(value.slice(colon + 1));
    if (product) notice.product = product.slice(0, NOTICE_NAME_MAX);
  }
  return notice;
}

export function compareNoticeCookie(notice: CompareNotice, options: CookieSecurity): string {
  const product = notice.product ? `:${encodeURIComponent(notice.product.slice(0, NOTICE_NAME_MAX))}` : "";
  return setCookie(COMPARE_NOTICE_COOKIE, `${notice.kind}${product}`, { maxAge: NOTICE_COOKIE_MAX_AGE, secure: options.secure });
}

/** Deletes the notice once a page has shown it. */
export function clearCompareNoticeCookie(options: CookieSecurity): string {
  return setCookie(COMPARE_NOTICE_COOKIE, "", { maxAge: 0, secure: options.secure });
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text).trim() || null;
  } catch {
    return null;
  }
}
