import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import type { Answer } from "../../modules/site/index.ts";
import { answerOtherRequests, NotFoundError, toErrorResponse } from "./errors.ts";

/*
 * GET /data (SPEC §7's shop API; ADR 76): the site-wide data every page needs, as the pages
 * themselves read it: the header's navigation, the footer's columns, the contact details, the
 * trust bar, social links, the launch and the feature flags. GET /data/{key} answers one part;
 * an unknown key is a 404. Anyone may read it; editors change it in /admin/site.
 *
 * Clients may keep an answer and must ask again before using it (no-cache); the ETag makes that
 * a 304 without a body while nothing changed. The server makes each body once per change.
 */

const CACHE = "public, no-cache";
const ALLOW = "GET, HEAD";

export interface SiteDataApiOptions {
  logger?: Logger;
}

/** The answer, or 304 when the client holds it already (If-None-Match). */
function send(c: Context<ShopEnv>, answer: Answer): Response {
  c.header("Cache-Control", CACHE);
  c.header("ETag", answer.etag);
  const held = c.req.header("if-none-match");
  if (held && held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)) return c.body(null, 304);
  return c.body(answer.body, 200, { "Content-Type": "application/json; charset=utf-8" });
}

export function siteDataApi(options: SiteDataApiOptions = {}) {
  const api = new Hono<ShopEnv>();

  api.get("/", async (c) => send(c, (await requestContext(c).services.site.answer())!));

  api.get("/:key", async (c) => {
    const key = c.req.param("key");
    const answer = await requestContext(c).services.site.answer(key);
    if (!answer) throw new NotFoundError(`The site's data has no part ${key.slice(0, 40)}.`, { param: "key" });
    return send(c, answer);
  });

  answerOtherRequests(api, { "/": ALLOW, "/:key": ALLOW }, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
