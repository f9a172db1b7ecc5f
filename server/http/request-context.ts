import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ShopEnv, RequestContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { PublicEnv } from "../env.ts";
import { readCartToken } from "../modules/cart/index.ts";
import type { CurrentSession } from "../modules/accounts/index.ts";
import type { Services } from "../services.ts";
import { ANY_VISITOR, type Viewer } from "../modules/catalog/index.ts";
import { clientAddress } from "./client-address.ts";
import { isCrossSite } from "./same-origin.ts";
import { requestToken, type RequestToken } from "./session-token.ts";

export interface RequestContextOptions {
  db: Db;
  services: Services;
  env: PublicEnv;
  /** How many reverse proxies stand in front (TRUST_PROXY): the visitor's address is read behind them. */
  trustProxy: number;
}

/** What a request says about who sends it, read from the HTTP request or a WebSocket's opening. */
export interface RequestFacts {
  /** The visitor's address (behind the configured proxies). */
  ip: string;
  token: RequestToken | null;
  /** The cart cookie's token. */
  guestBag: string | null;
  crossSite: boolean;
  /** The request's id: the proxy's X-Request-Id when it sent a sane one, else a new one. */
  requestId?: string;
}

// An id a proxy in front gave the request is kept (to follow it through both logs) when it is short and plain.
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * The id of a request: the X-Request-Id of the proxy in front (when the shop trusts one) when
 * sane, else a new UUID. Without a proxy the header is the client's own, and a client must not
 * choose the id its changes are audited under.
 */
export function requestIdOf(request: Request, behindProxy: boolean): string {
  const given = behindProxy ? request.headers.get("x-request-id") : null;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The request context (ADR 34) of one request, or of one live connection (GraphQL subscriptions):
 * who is asking, their session (looked up when first needed), what their membership gives them
 * (also when first needed, ADR 41), their guest bag, and how cookies are set. Nothing here touches
 * the database until something asks for the session.
 */
export function buildRequestContext(options: Omit<RequestContextOptions, "trustProxy">, facts: RequestFacts): RequestContext {
  const { db, services, env } = options;
  let session: Promise<CurrentSession | null> | undefined;
  let viewer: Promise<Viewer> | undefined;
  const context: RequestContext = {
    db,
    visitor: { ip: facts.ip },
    services,
    env,
    cookies: { secure: env.publicUrl.startsWith("https:") },
    guestBag: facts.guestBag,
    token: facts.token,
    session: () => (session ??= services.accounts.authenticate(context, facts.token?.token)),
    viewer: () =>
      (viewer ??= context
        .session()
        .then((current) => (current ? services.membership.benefits(context, current.user.id) : ANY_VISITOR))),
    crossSite: facts.crossSite,
    requestId: facts.requestId ?? randomUUID(),
  };
  return context;
}

/** Builds the request context once per request, for pages, REST and GraphQL alike. */
export function requestContextMiddleware(options: RequestContextOptions): MiddlewareHandler<ShopEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    const context = buildRequestContext(options, {
      ip: clientAddress(c, options.trustProxy),
      token: requestToken(request),
      guestBag: readCartToken(request.headers.get("cookie")) ?? null,
      crossSite: isCrossSite(request, options.env.publicUrl),
      requestId: requestIdOf(request, options.trustProxy > 0),
    });
    c.set("ctx", context);
    await next();
    // Told back on the way out (so a cached page never keeps another request's id), and written
    // in the request's log line and its audit entries.
    c.header("X-Request-Id", context.requestId);
  };
}
