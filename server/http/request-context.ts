import type { MiddlewareHandler } from "hono";
import type { ShopEnv, RequestContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { PublicEnv } from "../env.ts";
import { readCartToken } from "../modules/cart/cookie.ts";
import type { CurrentSession } from "../modules/accounts/index.ts";
import type { Services } from "../services.ts";
import { ANY_VISITOR, type Viewer } from "../modules/catalog/sellable.ts";
import { clientAddress } from "./client-address.ts";
import { isCrossSite } from "./same-origin.ts";
import { requestToken } from "./session-token.ts";

export interface RequestContextOptions {
  db: Db;
  services: Services;
  env: PublicEnv;
  /** How many reverse proxies stand in front (TRUST_PROXY): the visitor's address is read behind them. */
  trustProxy: number;
}

/**
 * Builds the request context once per request (ADR 34), for pages, REST and GraphQL alike: who
 * is asking, their session (looked up when first needed), what their membership gives them (also
 * when first needed, ADR 41), their guest bag, and how cookies are set. Nothing here touches the
 * database until something asks for the session.
 */
export function requestContextMiddleware(options: RequestContextOptions): MiddlewareHandler<ShopEnv> {
  const { db, services, env } = options;
  const cookies = { secure: env.publicUrl.startsWith("https:") };
  return async (c, next) => {
    const request = c.req.raw;
    const token = requestToken(request);
    let session: Promise<CurrentSession | null> | undefined;
    let viewer: Promise<Viewer> | undefined;
    const context: RequestContext = {
      db,
      visitor: { ip: clientAddress(c, options.trustProxy) },
      services,
      env,
      cookies,
      guestBag: readCartToken(request.headers.get("cookie")) ?? null,
      token,
      session: () => (session ??= services.accounts.authenticate(context, token?.token)),
      viewer: () =>
        (viewer ??= context
          .session()
          .then((current) => (current ? services.membership.benefits(context, current.user.id) : ANY_VISITOR))),
      crossSite: isCrossSite(request, env.publicUrl),
    };
    c.set("ctx", context);
    await next();
  };
}
