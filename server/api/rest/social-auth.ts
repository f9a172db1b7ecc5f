import { Hono } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { cookieValue } from "../../lib/cookies.ts";
import { SOCIAL_BROWSER_COOKIE } from "../../modules/accounts/index.ts";
import type { Logger } from "../../http/logger.ts";
import { toErrorResponse } from "./errors.ts";
import { sessionAnswer } from "./session-answer.ts";

export interface SocialAuthApiOptions {
  logger?: Logger;
}

/**
 * Social login under /api (SPEC §7, shaped like Strapi's users-permissions): the browser's round
 * trip through the provider (/connect/{provider} and its callback) and the page's trade of the
 * access token the callback handed it (the provider's, sealed by the shop; a raw provider token is
 * 401) for the shop's session (/auth/{provider}/callback). Only these exact routes are registered,
 * so every other /api path reaches the routers mounted after this one.
 */
export function socialAuthApi(options: SocialAuthApiOptions = {}) {
  const api = new Hono<ShopEnv>();
  const social = (c: Parameters<typeof requestContext>[0]) => requestContext(c).services.social;

  api.get("/connect/:provider", async (c) => {
    const { redirectTo, cookie } = await social(c).start(c.req.param("provider"));
    c.header("Set-Cookie", cookie);
    c.header("Cache-Control", "no-store");
    return c.redirect(redirectTo, 302);
  });

  api.get("/connect/:provider/callback", async (c) => {
    const { redirectTo, clearCookie, browserCookie } = await social(c).finish(
      c.req.param("provider"),
      new URL(c.req.url),
      c.req.header("cookie") ?? null,
    );
    c.header("Set-Cookie", clearCookie);
    if (browserCookie) c.header("Set-Cookie", browserCookie, { append: true });
    c.header("Cache-Control", "no-store");
    // The callback's address holds the provider's code: it must not follow the browser on to the
    // login page in a Referer. (That page's own address holds the access token: it sets its own.)
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(redirectTo, 302);
  });

  api.get("/auth/:provider/callback", async (c) => {
    const context = requestContext(c);
    // A GET is followed from any site's link with the visitor's cookies (SameSite=Lax): someone
    // else's token in such a link must not carry the visitor's guest bag into their account. The
    // bag joins only when the token was handed to this very browser (its cookie says so).
    const browser = cookieValue(c.req.header("cookie") ?? null, SOCIAL_BROWSER_COOKIE) ?? null;
    const opened = await context.services.social.loginWithAccessToken(
      browser ? context : { ...context, guestBag: null },
      c.req.param("provider"),
      c.req.query("access_token") ?? "",
      browser ?? undefined,
    );
    return sessionAnswer(c, opened);
  });

  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
