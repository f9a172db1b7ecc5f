import { Hono, type Context } from "hono";
import type { Logger } from "../../http/logger.ts";
import { clientAddress } from "../../http/client-address.ts";
import { requestToken } from "../../http/session-token.ts";
import type { OpenedSession } from "../../modules/accounts/index.ts";
import { accountErrorName } from "../../modules/accounts/errors.ts";
import type { Services } from "../../services.ts";
import { UnauthorizedError, answerOtherRequests, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

export interface AuthApiOptions {
  logger?: Logger;
  publicUrl: string;
  /** How many proxies stand in front of the shop (env TRUST_PROXY): the rate limits key on the visitor's address. */
  trustProxy: number;
}

/** Where a mailed confirmation link lands, with `status` confirmed, invalid, or retry (too many tries from the address). */
export const CONFIRMATION_LANDING = "/confirm-email";

/**
 * The content backend's auth (SPEC §7 under /api, shaped like Strapi's users-permissions): thin
 * handlers over the accounts module. Bodies are JSON; answers are never cached; every error has
 * the content backend's shape.
 */
export function contentAuthApi(services: Services, options: AuthApiOptions) {
  const { accounts } = services;
  const api = new Hono();
  const visitor = (c: Context) => ({ ip: clientAddress(c, options.trustProxy) });
  const session = (c: Context, opened: OpenedSession) => {
    c.header("Cache-Control", "no-store");
    return c.json({ jwt: opened.jwt, user: opened.user });
  };

  api.post("/auth/local", async (c) => session(c, await accounts.login(visitor(c), await readJsonObject(c))));
  api.post("/auth/local/register", async (c) => session(c, await accounts.register(visitor(c), await readJsonObject(c))));
  api.post("/auth/reset-password", async (c) => session(c, await accounts.resetPassword(visitor(c), await readJsonObject(c))));

  api.post("/auth/forgot-password", async (c) => {
    await accounts.forgotPassword(visitor(c), await readJsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true });
  });

  api.post("/auth/send-email-confirmation", async (c) => {
    const { email } = await accounts.sendEmailConfirmation(visitor(c), await readJsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json({ email, sent: true });
  });

  // The link in the confirmation mail: a visitor clicks it, so it answers with a page, not JSON.
  api.get("/auth/email-confirmation", async (c) => {
    const landing = new URL(CONFIRMATION_LANDING, options.publicUrl);
    try {
      await accounts.confirmEmail(visitor(c), { confirmation: c.req.query("confirmation") });
      landing.searchParams.set("status", "confirmed");
    } catch (error) {
      const name = accountErrorName(error);
      if (name === "TooManyAttemptsError") landing.searchParams.set("status", "retry");
      else if (name === "InvalidCodeError" || name === "AccountInputError") landing.searchParams.set("status", "invalid");
      else throw error;
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(landing.toString(), 302);
  });

  api.get("/users/me", async (c) => {
    const current = await accounts.authenticate(requestToken(c.req.raw)?.token);
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
  answerOtherRequests(api, allowed, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
