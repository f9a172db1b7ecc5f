import type { Context } from "hono";
import type { PublicEnv } from "./env.ts";
import type { RequestToken } from "./http/session-token.ts";
import type { CookieSecurity } from "./lib/cookies.ts";
import type { AccountScope, CurrentSession } from "./modules/accounts/index.ts";
import type { Services } from "./services.ts";
import type { Viewer } from "./modules/catalog/index.ts";

/*
 * The request context (ADR 34): built once per request by one Hono middleware
 * (http/request-context.ts) and read by every adapter: pages (through React Router's context),
 * the REST APIs and GraphQL. It is also the scope every service function takes first: the
 * database handle, the visitor, and the guest bag a login brings along.
 */
export interface RequestContext extends AccountScope {
  services: Services;
  /** The part of the configuration the browser may see. */
  env: PublicEnv;
  /** How the shop's cookies are set: Secure when the shop is served over HTTPS. */
  cookies: CookieSecurity;
  /** The token of the visitor's guest bag (the cart cookie), or null. */
  readonly guestBag: string | null;
  /** The session token the request carries: Authorization Bearer, else the auth cookie. */
  token: RequestToken | null;
  /** The logged-in customer's session, looked up the first time it is asked for; null for a guest. */
  session(): Promise<CurrentSession | null>;
  /**
   * What the visitor's membership gives them (ADR 41): member prices, free delivery, early access.
   * Read the first time it is asked for (one query, after the session); ANY_VISITOR for a guest.
   * Ask before a transaction starts: it reads through the request's database handle.
   */
  viewer(): Promise<Viewer>;
  /** True when another site's page sent the request (its Origin, or Sec-Fetch-Site says so). */
  crossSite: boolean;
  /** The request's id (X-Request-Id): in its log line and in the audit entries of its changes. */
  requestId: string;
}

/** What pages' loaders, actions and middleware read: the request context with its session looked up. */
export interface PageContext extends Omit<RequestContext, "session"> {
  /** The logged-in customer's session; null for a guest. */
  session: CurrentSession | null;
  /** The nonce of this page's inline scripts (server/http/security-headers.ts); only app/entry.server.tsx reads it. */
  cspNonce?: string;
}

/** The Hono environment of every router of the shop: the request context under `ctx`. */
export type ShopEnv = { Variables: { ctx: RequestContext } };

/** The request context of a Hono request. */
export function requestContext<E extends ShopEnv>(c: Context<E>): RequestContext {
  return c.get("ctx");
}
