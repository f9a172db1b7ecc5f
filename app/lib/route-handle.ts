/** Options a route declares in its `handle` export (DESIGN.md: route options live in handle). */
export interface RouteHandle {
  /** false keeps the scroll position when navigating to this route, instead of going to the top. */
  scrollToTop?: boolean;
  /** true renders the page without the shop's header and footer. */
  bare?: boolean;
  /**
   * Who may see the page: true for logged-in customers only (others go to /login and come back),
   * "guest" for visitors who are not logged in (others go home). Enforced on the server by the
   * page's loader and action (lib/auth.server.ts); the browser reads it to know where a login or
   * logout should leave the visitor.
   */
  auth?: true | "guest";
  /** true streams the page to browsers as soon as its shell is ready (for pages that defer data). */
  stream?: boolean;
}

export function handleOf(match: { handle?: unknown } | undefined): RouteHandle {
  return (match?.handle ?? {}) as RouteHandle;
}
