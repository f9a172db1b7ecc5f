/*
 * The address of the external-site notice for a link out of the shop. No Node.js modules here:
 * the browser's components build these addresses too (components/external-link.tsx).
 */

/** The external-site notice's page. */
export const LEAVING_PATH = "/leaving";

/** Signs a destination for the notice (server only: it holds the shop's secret). */
export type LinkSigner = (url: string) => string;

/**
 * `/leaving?to=<url>`, and `&sig=<signature>` when the link is signed: `sign` is the server's
 * signer, or the signature the server already made for this `url` (a page block's, sent to the
 * browser with the page). Unsigned, the notice only forwards to the hosts it allows; signed, to
 * any https address, since only the shop can have written the link.
 */
export function leavingPath(url: string, sign?: LinkSigner | string): string {
  const path = `${LEAVING_PATH}?to=${encodeURIComponent(url)}`;
  if (sign === undefined || sign === "") return path;
  const sig = typeof sign === "string" ? sign : sign(url);
  return `${path}&sig=${encodeURIComponent(sig)}`;
}

/** The host a visitor is sent to, as the notice names it. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
