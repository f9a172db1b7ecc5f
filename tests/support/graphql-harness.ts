import type { APQStore } from "@graphql-yoga/plugin-apq";
import type { Hono } from "hono";
export { seededShop } from "./seeded-shop.ts";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { shopApp, testPublicEnv } from "./shop-app.ts";
import type { ShopEnv } from "../../server/context.ts";
import type { Database } from "../../server/db/client.ts";
import type { Env } from "../../server/env.ts";
import type { Logger } from "../../server/http/logger.ts";
import type { RateLimiter } from "../../server/modules/rate-limit/index.ts";
import type { Services } from "../../server/services.ts";
import { liveUpdates } from "../../server/api/graphql/live.ts";
import { graphqlApi } from "../../server/api/graphql/routes.ts";
import { createShopYoga } from "../../server/api/graphql/yoga.ts";

/*
 * For the GraphQL API tests: a seeded test database, and Hono apps that mount the endpoint as
 * server/app.ts does (before a catch-all that renders pages).
 */

export interface GraphQLResponseBody<Data = Record<string, unknown>> {
  data?: Data | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** Logged errors, kept for the test to read (a real logger would write them to stderr). */
export function recordingLogger(): Logger & { errors: { message: string; fields?: Record<string, unknown> }[] } {
  const errors: { message: string; fields?: Record<string, unknown> }[] = [];
  return { errors, info: () => {}, error: (message, fields) => errors.push({ message, fields }) };
}

export function graphqlApp(
  shop: { services: Services; database: Database },
  options: {
    mode?: Env["NODE_ENV"];
    logger?: Logger;
    publicUrl?: string;
    budget?: RateLimiter;
    trustProxy?: number;
    apqStore?: APQStore;
  } = {},
) {
  const app = shopApp(shop, { publicUrl: options.publicUrl, trustProxy: options.trustProxy });
  app.route(
    "/graphql",
    graphqlApi(
      createShopYoga({
        mode: options.mode ?? "test",
        logger: options.logger ?? recordingLogger(),
        budget: options.budget,
        apqStore: options.apqStore,
      }),
      { graphiql: options.mode === "development" },
    ),
  );
  app.all("*", (c) => c.html("<p>page</p>"));
  return app;
}

/** POSTs a GraphQL request as the browser client does, and reads the JSON answer. */
export async function postGraphQL<Data = Record<string, unknown>>(
  app: Hono<ShopEnv>,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ response: Response; body: GraphQLResponseBody<Data> }> {
  const response = await app.request("/graphql", {
    method: "POST",
    headers: { accept: "*/*", "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { response, body: (await response.json()) as GraphQLResponseBody<Data> };
}

/**
 * The GraphQL endpoint on a real HTTP server on a free port, with its WebSocket side
 * (server/api/graphql/live.ts) on the server's upgrades, as server/main.ts runs it: for clients
 * that speak the protocols.
 */
export async function liveGraphQLServer(shop: { services: Services; database: Database }, options: { publicUrl?: string } = {}) {
  const yoga = createShopYoga({ mode: "test", logger: recordingLogger() });
  const app = shopApp(shop, { publicUrl: options.publicUrl });
  app.route("/graphql", graphqlApi(yoga));
  const live = liveUpdates({
    yoga,
    context: { db: shop.database.db, services: shop.services, env: testPublicEnv({ publicUrl: options.publicUrl }) },
    trustProxy: 0,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  server.on("upgrade", live.handleUpgrade);
  if (!server.listening) await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/graphql`,
    httpUrl: `http://127.0.0.1:${port}/graphql`,
    live,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
