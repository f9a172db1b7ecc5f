import type { Hono } from "hono";
export { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../http/logger.ts";
import type { RateLimiter } from "../../modules/rate-limit/index.ts";
import type { Services } from "../../services.ts";
import { graphqlApi } from "./routes.ts";

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
  options: { mode?: Env["NODE_ENV"]; logger?: Logger; publicUrl?: string; budget?: RateLimiter; trustProxy?: number } = {},
) {
  const app = shopApp(shop, { publicUrl: options.publicUrl, trustProxy: options.trustProxy });
  app.route(
    "/graphql",
    graphqlApi({ NODE_ENV: options.mode ?? "test" }, { logger: options.logger ?? recordingLogger(), budget: options.budget }),
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
