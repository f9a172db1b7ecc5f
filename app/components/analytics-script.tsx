/** The analytics tool's settings, when the owner configured one (ANALYTICS_SCRIPT_URL, ANALYTICS_SITE_ID). */
export interface AnalyticsTag {
  scriptUrl: string;
  siteId: string;
}

/**
 * The site-wide visitor analytics script (ADR 40): Umami's tracker, cookie-less, loaded after the
 * page (defer) from the owner's own Umami, which counts the page and every client-side navigation
 * it sees, by its path alone (Umami's data-exclude-search and data-exclude-hash). Nothing at all
 * without settings. The pages' policy allows the script's origin (and
 * only it) to run and to be reported to; no nonce: a cached page's policy keeps none.
 */
export function AnalyticsScript({ tag }: { tag: AnalyticsTag | null | undefined }) {
  if (!tag) return null;
  // Only the path is sent: the query and the hash carry secrets on some pages (a newsletter or
  // order link's token, a password reset's code, a social login's access token).
  return <script defer src={tag.scriptUrl} data-website-id={tag.siteId} data-exclude-search="true" data-exclude-hash="true" />;
}
