import { Hono, type Context } from "hono";
import qs from "qs";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import { hasScope } from "../../modules/accounts/index.ts";
import { staffScopeOf } from "../../modules/audit/index.ts";
import type { CollectionDef } from "../../modules/content/index.ts";
import { MethodNotAllowedError, NotFoundError, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";
import { requireApiSecondFactor } from "./staff-second-factor.ts";

/**
 * The content backend's collections under /api (SPEC §7; ADR 39), shaped like Strapi 5's REST
 * API: GET /api/{collection} and /api/{collection}/{documentId}; POST, PUT and DELETE for the
 * collections a user's scope lets them write. Thin: the query string is read as `qs` reads it
 * (the bracket syntax Strapi's clients write) and handed to the content module.
 */
export function collectionsApi(options: { logger?: Logger } = {}) {
  const api = new Hono<ShopEnv>();

  const content = (c: Context<ShopEnv>) => requestContext(c).services.content;
  async function reader(c: Context<ShopEnv>) {
    const session = await requestContext(c).session();
    return { userId: session?.user.id ?? null, scopes: session?.user.scope ?? [] };
  }
  /**
   * The scope a write runs in: a signed-in writer's names them, so writes through the back office's
   * use cases (brands, categories, products: ADR 69, 73) are audited with who made them. Every
   * write asks a back-office account for its second factor, as the back office and the staff API's
   * other changes do (ADR 59): its password alone must not turn the launch mode on or change a
   * plan's price. An account given a scope alone has no second factor and writes on its password
   * (mayActOnApi). Who lacks the scope is refused by the content module (401, 403).
   */
  async function writer(c: Context<ShopEnv>, def: CollectionDef) {
    const context = requestContext(c);
    const session = await context.session();
    if (!session) return context;
    if (def.writeScope && hasScope(session.user, def.writeScope)) await requireApiSecondFactor(context, session);
    return staffScopeOf(context, session.user, context.requestId);
  }
  function collectionOf(c: Context<ShopEnv>): CollectionDef {
    const def = content(c).collection(c.req.param("collection") ?? "");
    if (!def) throw new NotFoundError();
    return def;
  }
  /** Collections without writes answer 405; brands, categories and products are written by staff (ADR 69, 73). */
  function writable(def: CollectionDef): void {
    if (!def.write) throw new MethodNotAllowedError("GET, HEAD");
  }
  function query(c: Context<ShopEnv>): Record<string, unknown> {
    const url = c.req.url;
    const at = url.indexOf("?");
    // As Strapi reads it: bracket syntax, up to 20 levels, arrays up to 100 items, a bare key is null.
    return at < 0
      ? {}
      : qs.parse(url.slice(at + 1), { depth: 20, arrayLimit: 100, parameterLimit: 1000, strictNullHandling: true });
  }
  const answer = (c: Context<ShopEnv>, body: unknown, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Authorization, Cookie");
    return c.json(body as object, status);
  };

  api.get("/:collection", async (c) => {
    const context = requestContext(c);
    const def = collectionOf(c);
    return answer(c, await content(c).find(context, await reader(c), def, query(c)));
  });
  api.get("/:collection/:id", async (c) => {
    const context = requestContext(c);
    const def = collectionOf(c);
    return answer(c, { data: await content(c).findOne(context, await reader(c), def, c.req.param("id"), query(c)), meta: {} });
  });
  api.post("/:collection", async (c) => {
    const def = collectionOf(c);
    writable(def);
    const body = await readJsonObject(c, { unwrap: false });
    const data = await content(c).create(await writer(c, def), await reader(c), def, body, query(c));
    return answer(c, { data, meta: {} }, 201);
  });
  api.put("/:collection/:id", async (c) => {
    const def = collectionOf(c);
    writable(def);
    const body = await readJsonObject(c, { unwrap: false });
    const data = await content(c).update(await writer(c, def), await reader(c), def, c.req.param("id"), body, query(c));
    return answer(c, { data, meta: {} });
  });
  api.delete("/:collection/:id", async (c) => {
    const def = collectionOf(c);
    writable(def);
    await content(c).remove(await writer(c, def), await reader(c), def, c.req.param("id"), query(c));
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  });
  api.all("/:collection", (c) => {
    const def = collectionOf(c);
    throw new MethodNotAllowedError(def.write ? "GET, HEAD, POST" : "GET, HEAD");
  });
  api.all("/:collection/:id", (c) => {
    const def = collectionOf(c);
    throw new MethodNotAllowedError(def.write ? "GET, HEAD, PUT, DELETE" : "GET, HEAD");
  });
  api.all("*", () => {
    throw new NotFoundError();
  });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
