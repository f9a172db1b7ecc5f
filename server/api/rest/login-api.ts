import { Hono, type Context } from "hono";
import { clientAddress } from "../../http/client-address.ts";
import { isCrossSite } from "../../http/same-origin.ts";
import { requestToken } from "../../http/session-token.ts";
import { LOGIN_API_STRATEGY } from "../../modules/accounts/cookies.ts";
import type { Services } from "../../services.ts";
import type { AuthApiOptions } from "./content-auth.ts";
import { ForbiddenError, UnauthorizedError, answerOtherRequests, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

/**
 * The separate login API of SPEC §7 (/auth): POST /auth/login answers {accessToken}, POST
 * /auth/logout ends the session, GET /auth/user answers {user}. Same accounts and sessions as
 * the content backend. Credentials may name the account as `identifier`, `email` or `username`.
 */
export function loginApi(services: Services, options: AuthApiOptions) {
  const { accounts } = services;
  const api = new Hono();
  const noStore = (c: Context) => c.header("Cache-Control", "no-store");

  api.post("/login", async (c) => {
    const body = await readJsonObject(c);
    const identifier = body.identifier ?? body.email ?? body.username;
    const opened = await accounts.login(
      { ip: clientAddress(c, options.trustProxy) },
      { identifier, password: body.password },
      LOGIN_API_STRATEGY,
    );
    noStore(c);
    return c.json({ accessToken: opened.jwt });
  });

  api.post("/logout", async (c) => {
    const token = requestToken(c.req.raw);
    // A logout riding on the cookie from another site's page would log the visitor out unasked.
    if (token?.via === "cookie" && isCrossSite(c.req.raw, options.publicUrl)) {
      throw new ForbiddenError("Cross-site requests are not allowed.");
    }
    await accounts.logout(token?.token);
    noStore(c);
    return c.json({ ok: true });
  });

  api.get("/user", async (c) => {
    const current = await accounts.authenticate(requestToken(c.req.raw)?.token);
    if (!current) throw new UnauthorizedError();
    noStore(c);
    return c.json({ user: current.user });
  });

  const allowed: Record<string, string> = { "/login": "POST", "/logout": "POST", "/user": "GET, HEAD" };
  answerOtherRequests(api, allowed, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
