import { Hono } from "hono";
import type { Logger } from "../../http/logger.ts";
import type { SocialLogin } from "../../modules/accounts/social/index.ts";
import { SocialProviderUnavailableError, SocialTokenError, UnknownProviderError } from "../../modules/accounts/social/errors.ts";
import { ApiError, NotFoundError, UnauthorizedError, toErrorResponse } from "./errors.ts";

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
export function socialAuthApi(social: SocialLogin, options: SocialAuthApiOptions = {}) {
  const api = new Hono();

  api.get("/connect/:provider", async (c) => {
    const { redirectTo, cookie } = await social.start(c.req.param("provider"));
    c.header("Set-Cookie", cookie);
    c.header("Cache-Control", "no-store");
    return c.redirect(redirectTo, 302);
  });

  api.get("/connect/:provider/callback", async (c) => {
    const { redirectTo, clearCookie, browserCookie } = await social.finish(
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
    const opened = await social.loginWithAccessToken(c.req.param("provider"), c.req.query("access_token") ?? "");
    c.header("Cache-Control", "no-store");
    return c.json({ jwt: opened.jwt, user: opened.user });
  });

  api.onError((error, c) => toErrorResponse(c, asSocialApiError(error), options.logger));
  return api;
}

/** Social login's own failures in the content backend's terms; the accounts module's pass on to toErrorResponse. */
function asSocialApiError(error: unknown): unknown {
  if (error instanceof UnknownProviderError) return new NotFoundError(error.message, { param: "provider" });
  if (error instanceof SocialTokenError) return new UnauthorizedError(error.message);
  if (error instanceof SocialProviderUnavailableError) {
    return new ApiError(503, "ServiceUnavailableError", error.message, { param: "provider" });
  }
  return error;
}
