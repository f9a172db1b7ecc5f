import { flashCookie, readFlash, clearFlashCookie, type FlashNotice } from "./flash";

/**
 * A one-time message for whatever page a redirect lands on (logged in, logged out, session
 * ended); the root loader reads and clears it, and the layout shows it above the page.
 */
export const SITE_NOTICE_COOKIE = "notice";

export function siteNoticeCookie(notice: FlashNotice): string {
  return flashCookie(SITE_NOTICE_COOKIE, "/", notice);
}

export function readSiteNotice(cookieHeader: string | null): FlashNotice | null {
  return readFlash(cookieHeader, SITE_NOTICE_COOKIE);
}

export function clearSiteNoticeCookie(): string {
  return clearFlashCookie(SITE_NOTICE_COOKIE, "/");
}
