/** Options a route declares in its `handle` export (DESIGN.md: route options live in handle). */
export interface RouteHandle {
  /** false keeps the scroll position when navigating to this route, instead of going to the top. */
  scrollToTop?: boolean;
  /** true renders the page without the shop's header and footer and skips their data. */
  bare?: boolean;
}

export function handleOf(match: { handle?: unknown } | undefined): RouteHandle {
  return (match?.handle ?? {}) as RouteHandle;
}
