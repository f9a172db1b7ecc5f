/** Where bag forms post, and where one posted without JavaScript lands. */
export const BAG_PATH = "/bag";

/** The cookie that carries a bag form's message to the bag page after a redirect (lib/flash.ts). */
export const BAG_NOTICE_COOKIE = "bag_notice";

/** What a bag form posted with JavaScript (`js=1`) gets back instead of a redirect. */
export type BagActionResult = { ok: true; message: string } | { ok: false; message: string; field?: string };
