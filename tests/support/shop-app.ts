import { Hono } from "hono";
import type { ShopEnv } from "../../server/context.ts";
import type { Database } from "../../server/db/client.ts";
import { crossSiteWrites } from "../../server/http/cross-site-writes.ts";
import { requestContextMiddleware } from "../../server/http/request-context.ts";
import type { Services } from "../../server/services.ts";

export interface ShopAppOptions {
  publicUrl?: string;
  currency?: string;
  /** How many proxies to believe in X-Forwarded-For (tests speak from many addresses this way). */
  trustProxy?: number;
}

/**
 * A Hono app with the shop's request context middleware and its guard against cross-site writes,
 * as server/app.ts has them, for tests that mount one API router on it.
 */
export function shopApp(shop: { services: Services; database: Database }, options: ShopAppOptions = {}): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  const env = testPublicEnv(options);
  app.use(
    "*",
    requestContextMiddleware({ db: shop.database.db, services: shop.services, env, trustProxy: options.trustProxy ?? 0 }),
  );
  app.use("*", crossSiteWrites());
  return app;
}

/** The public settings the tests' shop runs with. */
export function testPublicEnv(options: Pick<ShopAppOptions, "currency" | "publicUrl"> = {}) {
  return {
    siteName: "Safe Hands",
    productNoun: "keeper",
    tagline: "for every keeper, everywhere, always",
    currency: options.currency ?? "EUR",
    defaultCountry: "NL",
    publicUrl: options.publicUrl ?? "http://localhost:3000",
  };
}
