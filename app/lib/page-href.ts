/** The address of another page of the listing the visitor is on, keeping its filters and sort. */
export function pageHref(url: { pathname: string; search: string }, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
