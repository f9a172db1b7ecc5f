import { redirect } from "react-router";
import type { PageContext } from "../../server/context.ts";
import {
  clearedRedirectCookie,
  clearedSessionCookies,
  readRedirect,
  sessionCookies,
} from "../../server/modules/accounts/shared.ts";
import type { OpenedSession } from "../../server/modules/accounts/index.ts";
import { clearedCartCookie, MAX_BAG_LINES } from "../../server/modules/cart/shared.ts";
import type { MergeNote } from "../../server/modules/cart/index.ts";
import { siteNoticeCookie } from "./site-notice";

/*
 * The pages' side of accounts: what a login or logout does to the browser's cookies. The
 * accounts module decides who may log in (and brings the guest's bag along); the page guards
 * (guards.server.ts) decide who may see a page; this only carries the result to the browser.
 */

export const LOGIN_PATH = "/login";

/**
 * The page a request is for. A client-side navigation asks for the page's data at
 * `/path.data?_routes=…` (`/_root.data` for the home page): the visitor is to come back to the
 * page, not to its data.
 */
export function pageAddress(requestUrl: string): string {
  const url = new URL(requestUrl);
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return path + (search ? `?${search}` : "");
}

/**
 * After a login, sign-up, password reset or social login: the session cookies, the guest bag's
 * cookie gone when the login brought the bag into the customer's (told when something did not
 * fit), and back to the page the visitor was sent away from, or home.
 */
export function completeLogin(request: Request, context: PageContext, opened: OpenedSession, message: string) {
  const cookieHeader = request.headers.get("cookie");
  const options = context.cookies;
  const headers = new Headers();
  for (const cookie of sessionCookies(opened, options)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearedRedirectCookie(options));
  let notice = message;
  if (opened.mergedBag !== null) {
    headers.append("Set-Cookie", clearedCartCookie(options));
    notice += ` ${mergedBagNotice(opened.mergedBag)}`;
  }
  headers.append("Set-Cookie", siteNoticeCookie({ kind: "success", message: notice }));
  return redirect(readRedirect(cookieHeader) ?? "/", { status: 303, headers });
}

/** What the customer is told of the guest's bag they brought to their account at login. */
export function mergedBagNotice(notes: readonly MergeNote[]): string {
  if (notes.length === 0) return "Your bag is kept.";
  const capped = notes.filter((n) => n.reason === "stock" && n.kept > 0).map((n) => `${n.name} (${n.kept} of ${n.wanted})`);
  const gone = notes.filter((n) => n.reason !== "full" && n.kept === 0).map((n) => n.name);
  const left = notes.filter((n) => n.reason === "full").map((n) => n.name);
  return [
    capped.length > 0 && `Your bag now holds what we have in stock: ${capped.join(", ")}.`,
    gone.length > 0 && `No longer available, so not in your bag: ${gone.join(", ")}.`,
    left.length > 0 && `Your bag is full (${MAX_BAG_LINES} different items), so these stayed out: ${left.join(", ")}.`,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The cookies of a session that replaced the browser's (after a password change), and the shop's
 * one-time notice when there is one (the back office says it on its own page instead).
 */
export function sessionRenewed(context: PageContext, opened: OpenedSession, message: string | null): Headers {
  const headers = new Headers();
  for (const cookie of sessionCookies(opened, context.cookies)) headers.append("Set-Cookie", cookie);
  if (message) headers.append("Set-Cookie", siteNoticeCookie({ kind: "success", message }));
  return headers;
}

/** Ends the session on the server and in the browser, then home (with a notice, when there is one). */
export async function completeLogout(request: Request, context: PageContext, message: string | null) {
  const cookieHeader = request.headers.get("cookie");
  if (context.session) await context.services.accounts.endSession(context, context.session.sessionId);
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(cookieHeader, context.cookies)) headers.append("Set-Cookie", cookie);
  if (message) headers.append("Set-Cookie", siteNoticeCookie({ kind: "success", message }));
  return redirect("/", { status: 303, headers });
}
