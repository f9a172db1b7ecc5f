import { redirect } from "react-router";
import type { ShopLoadContext } from "../../server/context.ts";
import {
  clearedRedirectCookie,
  clearedSessionCookies,
  readRedirect,
  redirectCookie,
  sessionCookies,
} from "../../server/modules/accounts/cookies.ts";
import type { OpenedSession } from "../../server/modules/accounts/index.ts";
import { clearedCartCookie, readCartToken } from "../../server/modules/cart/cookie.ts";
import type { BagRef, MergeNote } from "../../server/modules/cart/index.ts";
import { MAX_BAG_LINES } from "../../server/modules/cart/schemas.ts";
import { siteNoticeCookie } from "./site-notice";

/*
 * The pages' side of accounts: guards (route option `auth`, run in loaders and actions on the
 * server, so no page shows before its redirect), and what a login or logout does to the browser's
 * cookies and bag. The accounts module decides who may log in; this only carries the result.
 */

export const LOGIN_PATH = "/login";

function cookieOptions(context: ShopLoadContext) {
  return { secure: context.env.publicUrl.startsWith("https:") };
}

/** Pages for customers only: a guest is sent to log in, and brought back here afterwards. */
export function requireCustomer(request: Request, context: ShopLoadContext) {
  if (context.session) return context.session;
  throw redirect(LOGIN_PATH, {
    headers: { "Set-Cookie": redirectCookie(pageAddress(request.url), cookieOptions(context)) },
  });
}

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

/** Pages for guests only (log in, sign up): a logged-in visitor goes to the home page. */
export function requireGuest(context: ShopLoadContext) {
  if (context.session) throw redirect("/");
}

/** Whose bag the visitor's requests change: the customer's own when logged in, else the cookie's. */
export function bagRefOf(request: Request, context: ShopLoadContext): BagRef {
  return context.session ? { customerId: context.session.user.id } : readCartToken(request.headers.get("cookie"));
}

/**
 * After a login, sign-up, password reset or social login: the session cookies, the guest's bag
 * merged into the customer's (told when something did not fit), and back to the page the visitor
 * was sent away from, or home.
 */
export async function completeLogin(request: Request, context: ShopLoadContext, opened: OpenedSession, message: string) {
  const cookieHeader = request.headers.get("cookie");
  const options = cookieOptions(context);
  const headers = new Headers();
  for (const cookie of sessionCookies(opened, options)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearedRedirectCookie(options));
  const guestBag = readCartToken(cookieHeader);
  let notice = message;
  if (guestBag) {
    const notes = await context.services.cart.mergeGuestBag(guestBag, opened.user.id);
    headers.append("Set-Cookie", clearedCartCookie(options));
    notice += ` ${mergedBagNotice(notes)}`;
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

/** The cookies of a session that replaced the browser's (after a password change), and a notice. */
export function sessionRenewed(context: ShopLoadContext, opened: OpenedSession, message: string): Headers {
  const headers = new Headers();
  for (const cookie of sessionCookies(opened, cookieOptions(context))) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", siteNoticeCookie({ kind: "success", message }));
  return headers;
}

/** Ends the session on the server and in the browser, then home (with a notice, when there is one). */
export async function completeLogout(request: Request, context: ShopLoadContext, message: string | null) {
  const cookieHeader = request.headers.get("cookie");
  if (context.session) await context.services.accounts.endSession(context.session.sessionId);
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(cookieHeader, cookieOptions(context))) headers.append("Set-Cookie", cookie);
  if (message) headers.append("Set-Cookie", siteNoticeCookie({ kind: "success", message }));
  return redirect("/", { status: 303, headers });
}
