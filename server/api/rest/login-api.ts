import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { LOGIN_API_STRATEGY } from "../../modules/accounts/index.ts";
import { clearedCartCookie } from "../../modules/cart/index.ts";
import type { AuthApiOptions } from "./content-auth.ts";
import { UnauthorizedError, answerOtherRequests, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

/**
 * The separate login API of SPEC §7 (/auth): POST /auth/login answers {accessToken}, POST
 * /auth/logout ends the session, GET /auth/user answers {user}. Same accounts and sessions as
 * the content backend. Credentials may name the account as `identifier`, `email` or `username`.
 */
export function loginApi(options: AuthApiOptions = {}) {
  const api = new Hono<ShopEnv>();
  const noStore = (c: Context) => c.header("Cache-Control", "no-store");

  api.post("/login", async (c) => {
    const context = requestContext(c);
    const body = await readJsonObject(c);
    const identifier = body.identifier ?? body.email ?? body.username;
    const opened = await context.services.accounts.login(context, { identifier, password: body.password }, LOGIN_API_STRATEGY);
    noStore(c);
    // The guest's bag joined the customer's: its cookie goes (see session-answer.ts).
    if (opened.mergedBag !== null) c.header("Set-Cookie", clearedCartCookie(context.cookies));
    return c.json({ accessToken: opened.jwt });
  });

  api.post("/logout", async (c) => {
    const context = requestContext(c);
    await context.services.accounts.logout(context, context.token?.token);
    noStore(c);
    return c.json({ ok: true });
  });

  api.get("/user", async (c) => {
    const current = await requestContext(c).session();
    if (!current) throw new UnauthorizedError();
    noStore(c);
    return c.json({ user: current.user });
  });

  const allowed: Record<string, string> = { "/login": "POST", "/logout": "POST", "/user": "GET, HEAD" };
  answerOtherRequests(api, allowed, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
