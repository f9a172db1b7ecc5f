import type { BackOfficeAccess } from "../../server/modules/staff-access/shared.ts";

export type { BackOfficeAccess };

/** Options a route declares in its `handle` export (DESIGN.md: route options live in handle). */
export interface RouteHandle {
  /** false keeps the scroll position when navigating to this route, instead of going to the top. */
  scrollToTop?: boolean;
  /** true renders the page without the shop's header and footer. */
  bare?: boolean;
  /**
   * Who may see the page: true for logged-in customers only (others go to /login and come back),
   * "guest" for visitors who are not logged in (others go home); absent, everyone. Enforced on
   * the server by the page guards (lib/guards.server.ts) before any loader or action runs; the
   * browser reads it to know where a login or logout should leave the visitor.
   */
  auth?: true | "guest";
  /**
   * The feature (a feature flag's key: compare, news, membership) the page belongs to: while the
   * owner has it off, the page does not exist (404). The block-page guard (ADR 35).
   */
  feature?: string;
  /**
   * true for a page of the `pages` collection named by the address's one segment: the owner can
   * block it (the block-page guard answers 404 for a blocked page).
   */
  contentPage?: true;
  /** true for members-only pages: the membership-page guard (ADR 35). */
  membership?: true;
  /**
   * A back-office page (ADR 58): who may open it. "any" for every back-office role, "owner" for the
   * owner alone, else a scope the account must hold ("staff", "content", "settings"). A guest is
   * sent to log in; a customer, or a role without the scope, gets a 404; an account without its
   * second factor in this session is asked for it first. The back-office guard (guards.server.ts).
   */
  backOffice?: BackOfficeAccess;
  /**
   * The back office's own sign-in steps, which run before its guard lets anyone in: "enrol" (set up
   * the authenticator) and "verify" (give a code) need a session with a back-office role;
   * "link" (the owner's set-up link, a staff invitation) needs only its token.
   */
  backOfficeStep?: "link" | "enrol" | "verify";
  /** true streams the page to browsers as soon as its shell is ready (for pages that defer data). */
  stream?: boolean;
}

export function handleOf(match: { handle?: unknown } | undefined): RouteHandle {
  return (match?.handle ?? {}) as RouteHandle;
}

/**
 * A page's options from the handles of its matched routes, root first: a route's own options win
 * over its parents' (a layout's `auth` covers the pages inside it unless one says otherwise).
 */
export function pageOptions(handles: readonly unknown[]): RouteHandle {
  return Object.assign({}, ...handles.map((handle) => handleOf({ handle }))) as RouteHandle;
}
