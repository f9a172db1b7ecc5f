/** The log-in page, coming back to `path` (a page of the shop) afterwards. */
export function loginHref(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
