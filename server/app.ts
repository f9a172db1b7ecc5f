import { join } from "node:path";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { collectionsApi } from "./api/rest/collections.ts";
import { contentAuthApi } from "./api/rest/content-auth.ts";
import { customersApi } from "./api/rest/customers.ts";
import { ecommerceApi } from "./api/rest/ecommerce.ts";
import { loginApi } from "./api/rest/login-api.ts";
import { paymentWebhooksApi } from "./api/rest/payment-webhooks.ts";
import { socialAuthApi } from "./api/rest/social-auth.ts";
import { siteDataApi } from "./api/rest/site-data.ts";
import { subscriptionsApi } from "./api/rest/subscriptions.ts";
import { videosApi } from "./api/rest/videos.ts";
import { COST_BUDGET_RULE } from "./api/graphql/limits.ts";
import { liveUpdates } from "./api/graphql/live.ts";
import { graphqlApi } from "./api/graphql/routes.ts";
import { bodyLimits } from "./http/body-limits.ts";
import { nulGuard } from "./http/nul-guard.ts";
import { createShopYoga } from "./api/graphql/yoga.ts";
import type { APQStore } from "@graphql-yoga/plugin-apq";
import { createImageRoutes } from "./api/images/routes.ts";
import { requestContext, type ShopEnv } from "./context.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { analyticsOrigins, publicEnv } from "./env.ts";
import { compression } from "./http/compression.ts";
import { crossSiteWrites } from "./http/cross-site-writes.ts";
import { requestLog, type Logger } from "./http/logger.ts";
import { pageCache } from "./http/page-cache.ts";
import type { PageHandler } from "./http/page-handler.ts";
import { asPublicRequest } from "./http/public-request.ts";
import { requestContextMiddleware } from "./http/request-context.ts";
import { scriptNonce, securityHeaders } from "./http/security-headers.ts";
import { IMAGE_RENDERS_RULE } from "./modules/media/index.ts";
import { rateLimit, type RateLimitStore } from "./modules/rate-limit/index.ts";
import { VIDEO_LOOKUPS_RULE } from "./modules/videos/index.ts";
import type { Services } from "./services.ts";

export interface AppDeps {
  env: Env;
  database: Database;
  services: Services;
  /** The rate limits' store: the image endpoint and GraphQL keep their per-address limits in it. */
  rateLimits: RateLimitStore;
  logger: Logger;
  /** Renders a page: React Router's request handler (http/page-handler.ts), from the build or Vite in dev. */
  renderPage: PageHandler;
  /** Folder of the built browser assets; absent in dev, where Vite serves them. */
  clientDir?: string;
  /** Where persisted queries are kept (Redis with REDIS_URL); this process's memory by default. */
  apqStore?: APQStore;
}

const YEAR = 60 * 60 * 24 * 365;
/**
 * One Hono app serves everything: health, media, built assets, then the pages. The APIs
 * (/api, /auth, /ecommerce, /graphql) mount here before the pages as they are built. `live` is
 * GraphQL's WebSocket side (subscriptions), for the HTTP server's upgrades of /graphql.
 */
export function createApp(deps: AppDeps) {
  const { env, database, services, rateLimits, logger, renderPage, clientDir, apqStore } = deps;
  const app = new Hono<ShopEnv>();

  if (env.LOG_LEVEL !== "silent" && env.LOG_LEVEL !== "error") app.use(requestLog(logger));
  // Every answer: security headers, and text compressed per Accept-Encoding (ADR 28).
  const pagePolicy = env.NODE_ENV !== "development";
  // The checkout's form ends on the card payment page when the shop takes cards (ADR 38).
  const formTargets = services.payments.checkoutOrigin ? [services.payments.checkoutOrigin] : [];
  // A page may frame the video provider's player, and nothing else (SPEC §8 videos).
  const frameSources = services.videos.provider.frameOrigins;
  // The analytics tool's script, when configured, may run and be reported to (ADR 40).
  const scriptOrigins = analyticsOrigins(env);
  app.use(
    securityHeaders({ https: env.PUBLIC_URL.startsWith("https://"), pagePolicy, formTargets, frameSources, scriptOrigins }),
  );
  app.use(compression());

  app.get("/healthz", async (c) => {
    const up = await database.ping();
    c.header("Cache-Control", "no-store");
    return c.json({ status: up ? "ok" : "error", database: up ? "up" : "down" }, up ? 200 : 503);
  });

  // Generated product and brand images. Their names change when their content does not, so a day.
  app.use(
    "/media/*",
    serveStatic({
      root: join(env.DATA_DIR, "media"),
      rewriteRequestPath: (path) => path.replace(/^\/media/, ""),
      onFound: (_path, c) => c.header("Cache-Control", `public, max-age=${60 * 60 * 24}`),
    }),
  );
  app.all("/media/*", (c) => c.text("Not found", 404));

  if (clientDir) {
    // Vite names built assets by content hash: cache them for a year, never revalidate.
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", `public, max-age=${YEAR}, immutable`),
      }),
    );
    app.all("/assets/*", (c) => c.text("Not found", 404));
    // Other built files (favicon, share image) have a dot in their name; pages never look for
    // a file, which spares every page view a disk lookup.
    const publicFile = serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFile(c, next) : next()));
  }

  // Bodies are limited before anything reads them: a few KB, or an upload's size (ADR 46).
  app.use("*", bodyLimits({ importBytes: services.catalogueImport.maxBytes }));
  // A NUL in the path, query or a text body is refused here, once for every route (issue 22 §6).
  app.use("*", nulGuard());

  // One request context for the APIs and the pages alike (ADR 34), and for live connections.
  const contextOptions = { db: database.db, services, env: publicEnv(env) };
  app.use("*", requestContextMiddleware({ ...contextOptions, trustProxy: env.TRUST_PROXY }));
  // Writes another site's page sends with the visitor's cookies, on every adapter (ADR 51).
  app.use("*", crossSiteWrites());
  // Before anything reads the catalogue, its caches catch up with changes made elsewhere or by the
  // clock (ADR 64): free with PGlite, one shared single-row read with PostgreSQL. Image renders read none.
  app.use("*", async (c, next) => {
    if (!c.req.path.startsWith("/images/")) {
      // With the database unreachable the caches keep what they hold: the reads they would make fail too.
      await services.catalog.follow().catch(() => {});
    }
    return next();
  });
  // One GraphQL server for queries (POST /graphql) and live connections (WebSocket on /graphql).
  const yoga = createShopYoga({ mode: env.NODE_ENV, logger, apqStore, budget: rateLimit(rateLimits, COST_BUDGET_RULE) });
  const live = liveUpdates({
    yoga,
    context: contextOptions,
    trustProxy: env.TRUST_PROXY,
    logger,
    production: env.NODE_ENV === "production",
  });

  app.route(
    "/images",
    createImageRoutes({
      dataDir: env.DATA_DIR,
      imageHosts: env.IMAGE_HOSTS,
      cacheMaxBytes: env.IMAGE_CACHE_MB * 1024 * 1024,
      renders: rateLimit(rateLimits, IMAGE_RENDERS_RULE),
    }),
  );

  // APIs mount here, before the pages.
  app.route("/api", socialAuthApi({ logger }));
  app.route("/api", contentAuthApi({ logger }));
  app.route("/api", collectionsApi({ logger }));
  app.route("/auth", loginApi({ logger }));
  app.route("/ecommerce", ecommerceApi({ logger }));
  app.route("/customers", customersApi({ logger }));
  app.route("/subscriptions", subscriptionsApi({ logger }));
  app.route("/data", siteDataApi({ logger }));
  app.route("/webhooks", paymentWebhooksApi({ logger }));
  app.route("/graphql", graphqlApi(yoga, { graphiql: env.NODE_ENV === "development" }));
  // The video facade's lookup of a video's player (oEmbed), limited per visitor address.
  app.route("/videos", videosApi({ lookups: rateLimit(rateLimits, VIDEO_LOOKUPS_RULE) }));

  // Pages are kept per catalogue and site-data stamp: none outlives a change of either (ADR 64, 76).
  // And per newsroom stamp: a scheduled post appears at its time (ADR 75).
  const stamp = () => `${services.catalog.stamp()} ${services.site.stamp()} ${services.news.stamp()}`;
  app.use("*", pageCache({ ttlMs: env.PAGE_CACHE_MS, stamp }));
  app.use("*", scriptNonce({ enabled: pagePolicy, formTargets, frameSources, scriptOrigins }));
  app.all("*", async (c) => {
    const request = asPublicRequest(c.req.raw, env.PUBLIC_URL);
    const context = requestContext(c);
    // React Router's route manifest (ADR 44) is the same for everyone: no session to look up.
    const session = c.req.path === "/__manifest" ? null : await context.session();
    return renderPage(request, { ...context, session, cspNonce: c.get("cspNonce") });
  });

  app.onError((error, c) => {
    logger.error("unhandled error", { method: c.req.method, path: c.req.path, error: String(error?.stack ?? error) });
    return c.text("Internal Server Error", 500);
  });

  return { app, live };
}
