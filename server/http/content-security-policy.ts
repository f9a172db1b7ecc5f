import { createHash, randomBytes } from "node:crypto";

/**
 * The shop's Content-Security-Policy (docs/decisions/0028-security-headers-and-compression.md).
 *
 * Pages: scripts only from the shop itself plus the inline scripts the server rendered, which
 * carry a nonce made fresh for each rendered answer (React Router inlines its context, the page's
 * data and the module imports; ScrollRestoration one more). A page kept by the anonymous page
 * cache is served to many visitors, so there the nonce is swapped for the hashes of the scripts
 * that carried it (pinToScripts): a nonce that anyone can read from a cached copy would let an
 * injected script through on every later hit.
 */

/** Everything that is not a page: nothing may load, nothing may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** 128 random bits, as base64: what CSP asks of a nonce. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of a page whose inline scripts carry `nonce` (none: only the shop's script files run).
 *
 * - Styles: the shop's stylesheet, plus style attributes (`style-src-attr`): colour swatches take
 *   their colour from the catalogue, the progress bar and a toast being swiped set their width and
 *   offset per render. No `<style>` element is allowed: the shop renders none.
 * - Images: the shop's own (`/media`, `/images`) and `data:` (the stylesheet's checkbox tick).
 * - form-action 'self': a form can only post to the shop. Chromium also applies it to the
 *   redirects after a post, so the checkout, which posts and is then sent on to the card payment
 *   provider's hosted page, names that page's origin in `formTargets` (ADR 38).
 * - Outside scripts: only the analytics tool's, when the owner configures one (`scriptOrigins`:
 *   the origin of ANALYTICS_SCRIPT_URL, ADR 40), which may run and be sent page views to. By
 *   origin, not nonce: a cached page's policy keeps hashes of inline scripts only (pinToScripts).
 * - Frames: only the video provider's player (`frameSources`: its embed origins), which a video
 *   facade puts on the page when the visitor presses play. None given: `default-src` applies.
 */
export function pagePolicy(
  nonce?: string,
  formTargets: readonly string[] = [],
  frameSources: readonly string[] = [],
  scriptOrigins: readonly string[] = [],
): string {
  const scripts = ["'self'", ...scriptOrigins, ...(nonce ? [`'nonce-${nonce}'`] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...scriptOrigins].join(" "),
    ...(frameSources.length > 0 ? [`frame-src ${frameSources.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]+)'/;

/**
 * The policy for a copy of `html` that will be served more than once: its nonce replaced by the
 * SHA-256 hashes of the inline scripts that carried it. Only scripts with the nonce are hashed,
 * so markup injected into the page (which cannot know the nonce) stays blocked. A policy without
 * a nonce comes back as it is.
 */
export function pinToScripts(policy: string, html: string): string {
  const nonce = NONCE_SOURCE.exec(policy)?.[1];
  if (!nonce) return policy;
  const scripts = new RegExp(`<script\\b([^>]*)\\snonce="${nonce.replace(/[+/=]/g, "\\$&")}"([^>]*)>([\\s\\S]*?)</script>`, "g");
  const hashes = new Set<string>();
  for (const [, before, after, text] of html.matchAll(scripts)) {
    // A script with a src is a file from the shop, which 'self' allows.
    if (/\ssrc=/.test(`${before} ${after}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return policy.replace(` 'nonce-${nonce}'`, hashes.size > 0 ? ` ${[...hashes].join(" ")}` : "");
}
