import { data, redirect, type MiddlewareFunction } from "react-router";
import { clearedSessionCookies, redirectCookie } from "../../server/modules/accounts/shared.ts";
import { pageContext, type PageRequest } from "../../server/http/page-context.ts";
import { isBackOfficeRole, mayOpen } from "../../server/modules/staff-access/shared.ts";
import { LAUNCH_PATH, openInLaunch } from "../../server/modules/site/shared.ts";
import { LOGIN_PATH, pageAddress } from "./auth.server";
import { pageOptions, type RouteHandle } from "./route-handle";
import { siteNoticeCookie } from "./site-notice";
import { isMemberNow, privatePageOfferFor } from "./private-page.server";

/*
 * The page guards (SPEC §2; ADR 35): block-page, then membership-page, then auth, on every page
 * and on its `.data` requests alike, before the page's own loader or action runs. A page says
 * who may see it only through its route options (`handle`): no route guards itself.
 */

type Guard = (page: PageRequest, options: RouteHandle, request: Request) => Promise<void> | void;

/** The options of the page React Router matched; a pattern it does not know is a bug, never an open door. */
function optionsOf(page: PageRequest, pattern: string): RouteHandle {
  const handles = page.routeHandles(pattern);
  if (!handles) throw new Error(`No route options for the page pattern ${pattern}`);
  return pageOptions(handles);
}

/** Sends a guest to log in, to come back to this page afterwards. */
function toLogin(page: PageRequest, request: Request): never {
  throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": redirectCookie(pageAddress(request.url), page.cookies) } });
}

/**
 * A page of a feature the owner has turned off does not exist, nor does a shop page the owner
 * blocked (ADR 40): both answer 404, as if they had never been there. In launch mode (the
 * `launch` flag, ADR 76) every shop page sends the visitor to /launch, but for the few that stay
 * open (the policies, logging in, the newsletter) and for signed-in staff, who see the whole shop;
 * the launch page itself is then shown even if blocked.
 */
export const blockPage: Guard = async (page, options, request) => {
  const { site } = page.services;
  if (options.feature && !(await site.featureEnabled(options.feature))) throw data(null, { status: 404 });
  const path = pathOf(request.url);
  const launching = await site.featureEnabled("launch");
  if (launching && !openInLaunch(path) && !options.backOffice && !options.backOfficeStep && !(await isStaff(page)))
    throw redirect(LAUNCH_PATH);
  if (!options.contentPage || (launching && path === LAUNCH_PATH)) return;
  if (await page.services.pages.isBlocked(path.split("/")[1] ?? "")) throw data(null, { status: 404 });
};

/** The path of a shop page's address (its `.data` request's too). */
function pathOf(requestUrl: string): string {
  return new URL(pageAddress(requestUrl), "http://shop").pathname;
}

/**
 * A signed-in back-office account (editor, staff, owner) with its second factor proved in this
 * session: the shop is theirs to see in launch mode. A password alone does not open the unlaunched
 * shop. Asked passively: looking at the shop is not back-office activity.
 */
async function isStaff(page: PageRequest): Promise<boolean> {
  if (page.session === null || !isBackOfficeRole(page.session.user.role)) return false;
  const { user, sessionId } = page.session;
  const gate = await page.services.staffAccess.backOfficeGate(
    page,
    { userId: user.id, role: user.role, sessionId },
    undefined,
    true,
  );
  return gate === "ok";
}

/**
 * Members-only pages show everyone who is not a member the private-page modal (what members
 * get; join, or log in) instead of the page: a 403 whose data is that offer and nothing of the
 * page, since the page's own loader never runs (ADR 40).
 */
export const membershipPage: Guard = async (page, options, request) => {
  if (!options.membership) return;
  if (await isMemberNow(page)) return;
  throw data({ privatePage: await privatePageOfferFor(page, pageAddress(request.url)) }, { status: 403 });
};

/** `auth: true`: customers only (guests log in and come back); `auth: "guest"`: guests only (customers go home). */
export const auth: Guard = (page, options, request) => {
  if (options.auth === true && !page.session) toLogin(page, request);
  if (options.auth === "guest" && page.session) throw redirect("/");
};

/** The back office's sign-in steps and its home. */
export const BACK_OFFICE = { home: "/admin", enrol: "/admin/enrol", verify: "/admin/verify" } as const;

export const BACK_OFFICE_ENDED_MESSAGE = "Your back-office session has ended. Please log in again.";

/**
 * The back office (ADR 58): a guest logs in and comes back (`/login?redirect=`); for a customer it
 * does not exist (404); an account without a confirmed authenticator sets one up, and one whose
 * session has not shown a code gives one, before any page of it; a session past its back-office
 * limits (12 h, 30 minutes idle) has ended. Then the page's access: a role without it gets a 404.
 */
export const backOffice: Guard = async (page, options, request) => {
  const access = options.backOffice;
  const step = options.backOfficeStep;
  if (!access && (!step || step === "link")) return;
  const here = pageAddress(request.url);
  if (!page.session) {
    throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`, {
      headers: { "Set-Cookie": redirectCookie(here, page.cookies) },
    });
  }
  const { user, sessionId } = page.session;
  if (!isBackOfficeRole(user.role)) throw data(null, { status: 404 });
  const gate = await page.services.staffAccess.backOfficeGate(page, { userId: user.id, role: user.role, sessionId });
  if (gate === "ended") {
    const headers = new Headers();
    for (const cookie of clearedSessionCookies(request.headers.get("cookie"), page.cookies)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", redirectCookie(here, page.cookies));
    headers.append("Set-Cookie", siteNoticeCookie({ kind: "error", message: BACK_OFFICE_ENDED_MESSAGE }));
    throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`, { headers });
  }
  if (step === "enrol") {
    // Open once enrolled too: the page then shows the recovery codes its confirmation just made
    // (and, asked again, that two-factor sign-in is on).
    if (gate === "verify") throw redirect(BACK_OFFICE.verify);
    return;
  }
  if (step === "verify") {
    if (gate === "enrol") throw redirect(BACK_OFFICE.enrol);
    if (gate === "ok") throw redirect(BACK_OFFICE.home);
    return;
  }
  if (gate === "enrol" || gate === "verify") {
    // Back to this page once the code is given.
    throw redirect(gate === "enrol" ? BACK_OFFICE.enrol : BACK_OFFICE.verify, {
      headers: { "Set-Cookie": redirectCookie(here, page.cookies) },
    });
  }
  if (gate !== "ok" || !access || !mayOpen(user, access)) throw data(null, { status: 404 });
};

/** The guards in the order SPEC §2 runs them, then the back office's. */
export const PAGE_GUARDS: readonly Guard[] = [blockPage, membershipPage, auth, backOffice];

/** The root route's middleware: every guard, in order, then the page. */
export const pageGuards: MiddlewareFunction<Response> = async ({ context, request, pattern }, next) => {
  const page = pageContext(context);
  const options = optionsOf(page, pattern);
  for (const guard of PAGE_GUARDS) await guard(page, options, request);
  return next();
};

/** The logged-in customer of a page whose route options say `auth: true` (the guards made sure of it). */
export function currentCustomer(page: { session: PageRequest["session"] }) {
  if (!page.session) throw new Error("A customers-only page ran without a session: its route options lack auth: true");
  return page.session;
}
