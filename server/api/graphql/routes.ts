import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { errorBody } from "./errors.ts";
import type { ShopYoga } from "./yoga.ts";

/*
 * POST /graphql (SPEC §7). Only JSON POSTs reach GraphQL: other content types are what a plain
 * HTML form on another site could send with the shopper's cookies, so they are refused (415)
 * before anything runs; other methods are 405. Both answers are GraphQL-shaped ({ errors }), as
 * are yoga's own for bad JSON, a missing query or a batch. In development, GET from a browser
 * shows GraphiQL.
 */

export function graphqlApi(yoga: ShopYoga, options: { graphiql?: boolean } = {}) {
  const api = new Hono<ShopEnv>();

  const run = async (c: Context<ShopEnv>) => {
    const cookies: string[] = [];
    const response = await yoga.fetch(c.req.raw, { setCookie: (value: string) => cookies.push(value), shop: requestContext(c) });
    for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
    return response;
  };

  api.post("/", (c) => {
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      return c.json(errorBody("UNSUPPORTED_MEDIA_TYPE", "Send GraphQL requests as JSON (content-type application/json)."), 415);
    }
    return run(c);
  });

  if (options.graphiql) {
    api.get("/", (c, next) => (c.req.header("accept")?.includes("text/html") ? run(c) : next()));
  }

  api.all("/", (c) => {
    c.header("Allow", "POST");
    return c.json(errorBody("METHOD_NOT_ALLOWED", "Send GraphQL requests with POST."), 405);
  });

  return api;
}
