/** Options a route declares in its `handle` export (DESIGN.md: route options live in handle). */
export interface RouteHandle {
  /** false keeps the scroll position when navigating to this route, instead of going to the top. */
  scrollToTop?: boolean;
  /** true renders the page without the shop's header and footer. */
  bare?: boolean;
  /** true streams the page to browsers as soon as its shell is ready (for pages that defer data). */
  stream?: boolean;
}

export function handleOf(match: { handle?: unknown } | undefined): RouteHandle {
  return (match?.handle ?? {}) as RouteHandle;
}
