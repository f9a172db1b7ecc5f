import type { MiddlewareHandler } from "hono";
import { API_POLICY, createNonce, pagePolicy } from "./content-security-policy.ts";
import { writableHeaders } from "./replace-response.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The nonce of the page being rendered for this request (scriptNonce below). */
    cspNonce: string | undefined;
  }
}

export interface SecurityHeaderOptions {
  /** The shop is served over HTTPS (PUBLIC_URL): browsers are told to use nothing else. */
  https: boolean;
  /**
   * Send a Content-Security-Policy with pages. Off under `npm run dev`, where Vite adds inline
   * scripts and styles of its own and a socket for hot reload.
   */
  pagePolicy: boolean;
  /** Origins a page's form may end up on after the shop redirects it (the card payment page). */
  formTargets?: readonly string[];
  /** Origins a page may frame: the video provider's player. */
  frameSources?: readonly string[];
  /** Origins of outside scripts a page loads and sends to: the analytics tool's, when configured. */
  scriptOrigins?: readonly string[];
}

const YEAR = 60 * 60 * 24 * 365;

/**
 * Headers every answer carries: pages, page data, APIs, images, assets, errors. A header an
 * answer already has is left alone, so a route can be stricter (the social login callback sends
 * no referrer at all; a page brings its own policy with its nonce).
 *
 * - X-Content-Type-Options: nosniff: a browser reads an answer as the type it says it is
 *   (a `.data` answer or an API's JSON is never run as a script, an image never as HTML).
 * - X-Frame-Options: DENY and `frame-ancestors 'none'`: no page of the shop can be framed.
 * - Referrer-Policy: same-origin: other sites never see the shop's addresses (a search, a reset
 *   link), and the shop's own forms still send their origin, which the login form without
 *   JavaScript relies on (docs/decisions/0023).
 * - Strict-Transport-Security, only when PUBLIC_URL is https.
 * - Content-Security-Policy: HTML without its own policy gets the page policy without a nonce;
 *   everything else gets the API policy (`default-src 'none'`).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "same-origin"],
  ];
  if (options.https) fixed.push(["Strict-Transport-Security", `max-age=${YEAR}; includeSubDomains`]);
  const htmlPolicy = pagePolicy(undefined, options.formTargets, options.frameSources, options.scriptOrigins);
  return async (c, next) => {
    await next();
    const headers = writableHeaders(c);
    for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value);
    if (headers.has("Content-Security-Policy")) return;
    if (!isHtml(headers)) headers.set("Content-Security-Policy", API_POLICY);
    else if (options.pagePolicy) headers.set("Content-Security-Policy", htmlPolicy);
  };
}

/**
 * For the pages: a fresh nonce per request (`c.get("cspNonce")`, which the page handler passes to
 * React Router), and the page policy naming it on the HTML that comes back. Mounted after the page
 * cache, so the cache sees the policy and can pin it to the page's scripts before keeping it.
 */
export function scriptNonce(options: {
  enabled: boolean;
  formTargets?: readonly string[];
  frameSources?: readonly string[];
  scriptOrigins?: readonly string[];
}): MiddlewareHandler {
  return async (c, next) => {
    const nonce = options.enabled ? createNonce() : undefined;
    c.set("cspNonce", nonce);
    await next();
    if (!nonce) return;
    const headers = writableHeaders(c);
    if (isHtml(headers) && !headers.has("Content-Security-Policy"))
      headers.set("Content-Security-Policy", pagePolicy(nonce, options.formTargets, options.frameSources, options.scriptOrigins));
  };
}

function isHtml(headers: Headers): boolean {
  return /^\s*text\/html\b/i.test(headers.get("Content-Type") ?? "");
}
