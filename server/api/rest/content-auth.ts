import { Hono } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import { shopErrorCode } from "../../lib/shop-error.ts";
import { UnauthorizedError, answerOtherRequests, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";
import { sessionAnswer } from "./session-answer.ts";

export interface AuthApiOptions {
  logger?: Logger;
}

/** Where a mailed confirmation link lands, with `status` confirmed, invalid, or retry (too many tries from the address). */
export const CONFIRMATION_LANDING = "/confirm-email";

/**
 * The content backend's auth (SPEC §7 under /api, shaped like Strapi's users-permissions): thin
 * handlers over the accounts module. Bodies are JSON; answers are never cached; every error has
 * the content backend's shape.
 */
export function contentAuthApi(options: AuthApiOptions = {}) {
  const api = new Hono<ShopEnv>();
  const accounts = (c: Parameters<typeof requestContext>[0]) => requestContext(c).services.accounts;

  api.post("/auth/local", async (c) => sessionAnswer(c, await accounts(c).login(requestContext(c), await readJsonObject(c))));
  api.post("/auth/local/register", async (c) =>
    sessionAnswer(c, await accounts(c).register(requestContext(c), await readJsonObject(c))),
  );
  api.post("/auth/reset-password", async (c) =>
    sessionAnswer(c, await accounts(c).resetPassword(requestContext(c), await readJsonObject(c))),
  );

  api.post("/auth/forgot-password", async (c) => {
    await accounts(c).forgotPassword(requestContext(c), await readJsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true });
  });

  api.post("/auth/send-email-confirmation", async (c) => {
    const { email } = await accounts(c).sendEmailConfirmation(requestContext(c), await readJsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json({ email, sent: true });
  });

  // The link in the confirmation mail: a visitor clicks it, so it answers with a page, not JSON.
  api.get("/auth/email-confirmation", async (c) => {
    const context = requestContext(c);
    const landing = new URL(CONFIRMATION_LANDING, context.env.publicUrl);
    try {
      await context.services.accounts.confirmEmail(context, { confirmation: c.req.query("confirmation") });
      landing.searchParams.set("status", "confirmed");
    } catch (error) {
      const code = shopErrorCode(error);
      if (code === "TOO_MANY_REQUESTS") landing.searchParams.set("status", "retry");
      else if (code === "INVALID_CODE" || code === "INVALID_INPUT") landing.searchParams.set("status", "invalid");
      else throw error;
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(landing.toString(), 302);
  });

  api.get("/users/me", async (c) => {
    const current = await requestContext(c).session();
    if (!current) throw new UnauthorizedError();
    c.header("Cache-Control", "no-store");
    return c.json(current.user);
  });

  const allowed: Record<string, string> = {
    "/auth/local": "POST",
    "/auth/local/register": "POST",
    "/auth/reset-password": "POST",
    "/auth/forgot-password": "POST",
    "/auth/send-email-confirmation": "POST",
    "/auth/email-confirmation": "GET, HEAD",
    "/users/me": "GET, HEAD",
  };
  // Other paths under /api are the collections' (collections.ts), mounted after this.
  answerOtherRequests(api, allowed, { notFound: false });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
