import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { errorBody } from "./errors.ts";
import type { ShopYoga } from "./yoga.ts";

/*
 * POST /graphql (SPEC §7). JSON POSTs reach GraphQL, and uploads as multipart forms (the GraphQL
 * multipart request spec, ADR 46). A multipart form is what a plain HTML form on another site
 * could send with the shopper's cookies, so one is taken only when it carries a header no such
 * form can set (which makes a browser ask first, and the shop allows no other origin), or when
 * the browser says it comes from the shop's own pages, and only from someone logged in (every
 * upload needs a login, so a guest's files are not read at all). Other content types are refused (415)
 * before anything runs; other methods are 405. Every answer is GraphQL-shaped ({ errors }), as
 * are yoga's own for bad JSON, a missing query or a batch. In development, GET from a browser
 * shows GraphiQL.
 */

/** Headers that make a browser send a preflight first: Apollo Client's, and a plain one for other clients. */
export const PREFLIGHT_HEADERS = ["apollo-require-preflight", "x-apollo-operation-name", "graphql-preflight"];

/** Whether a multipart request may run: it forced a preflight, or the browser says it is the shop's own page's. */
function uploadAllowed(c: Context<ShopEnv>): boolean {
  if (PREFLIGHT_HEADERS.some((name) => (c.req.header(name) ?? "").trim() !== "")) return true;
  if (requestContext(c).crossSite) return false;
  return c.req.header("origin") !== undefined || c.req.header("sec-fetch-site") === "same-origin";
}

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
    if (type === "multipart/form-data") {
      // Every upload needs a login: a guest's files are not read at all.
      if (!requestContext(c).token) return c.json(errorBody("UNAUTHENTICATED", "Log in to upload files."), 401);
      if (uploadAllowed(c)) return run(c);
      return c.json(
        errorBody(
          "CSRF_PREVENTED",
          "Send uploads with an Apollo-Require-Preflight header (any value), or from the shop's own pages.",
        ),
        400,
      );
    }
    if (type !== "application/json") {
      return c.json(
        errorBody(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send GraphQL requests as JSON (content-type application/json), or uploads as multipart/form-data.",
        ),
        415,
      );
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
