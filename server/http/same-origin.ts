/**
 * Whether a request was sent by another site's page. Browsers name the page's origin in `Origin`
 * on every cross-origin POST (and `Sec-Fetch-Site` on all requests); a request with neither comes
 * from a program, not from a page a visitor was lured to, so it is not counted as cross-site.
 * Used to refuse state-changing requests that ride on the auth cookie (CSRF).
 */
export function isCrossSite(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    return origin !== new URL(publicUrl).origin && origin !== new URL(request.url).origin;
  }
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
