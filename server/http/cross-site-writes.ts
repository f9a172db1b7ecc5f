import type { MiddlewareHandler } from "hono";
import { requestContext, type ShopEnv } from "../context.ts";
import { adapterOf, errorAnswer } from "./answer-shapes.ts";

/*
 * The one guard against cross-site writes (ADR 51), for every adapter: the REST APIs, GraphQL
 * over HTTP, and the pages' actions (React Router's form posts and their `.data` requests). It
 * runs once, after the request context is built and before any router, so a route added later is
 * guarded without anyone remembering to.
 *
 * A write (any method but GET, HEAD and OPTIONS) that a browser says another site's page sent
 * (isCrossSite: its Origin, else Sec-Fetch-Site cross-site or same-site) is refused with 403
 * before anything reads it, when:
 * - it carries the shop's session cookie or the guest bag's cookie, on any path: those cookies
 *   say who is acting, and another site's page must not act for the visitor (log them out,
 *   order, change their account or their bag). The shop's cookies are SameSite=Lax, so browsers
 *   keep them from other sites' posts; this holds for sibling sites the cookie reaches, and for
 *   browsers that do not; or
 * - it is for a page, cookies or none: the pages' forms are the shop's own, and another site's
 *   page must not sign visitors up, put addresses on lists or log them in through them (React
 *   Router refuses a foreign Origin on routes with a page, not on the others, and never reads
 *   Sec-Fetch-Site).
 * Not concerned: programs, which send neither Origin nor Sec-Fetch-Site (API clients with a
 * Bearer token, the payment provider's webhooks, mail clients' one-click unsubscribe POST); and
 * other sites' cookie-less calls to the APIs, which act for nobody (a browser cannot send them
 * JSON without asking first, and the shop allows no other origin). GraphQL over WebSocket reads
 * no cookie from another site's page at all (api/graphql/live.ts).
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

export function crossSiteWrites(): MiddlewareHandler<ShopEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const context = requestContext(c);
    if (!context.crossSite) return next();
    const rides = context.token?.via === "cookie" || context.guestBag !== null;
    if (!rides && adapterOf(c.req.path) !== "pages") return next();
    // The answer depends on the request's cookies and headers: never kept by a cache.
    c.header("Cache-Control", "no-store");
    return errorAnswer(c, 403, { code: "FORBIDDEN", name: "ForbiddenError" }, CROSS_SITE_MESSAGE);
  };
}
