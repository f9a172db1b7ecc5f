import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import { cartsApi } from "./carts.ts";
import { deliveryMethodsApi, ordersApi } from "./orders.ts";
import { customInformationApi } from "./custom-information.ts";
import { NotFoundError, answerOtherRequests, toErrorResponse } from "./errors.ts";
import { parseProductsQuery } from "./products-query.ts";

/*
 * The shop API's catalogue (SPEC §7, /ecommerce/...): thin handlers that parse their input, call
 * one catalogue function and answer `{ data, meta }`. Every error, including unknown paths and
 * wrong methods, is answered in the content backend's shape by errors.ts.
 */

/** Product data may be a minute old in a browser; errors are never cached (see toErrorResponse). */
const CACHE_GETS = "public, max-age=60";
const PERSONAL_GETS = "private, max-age=60";
const ALLOW = "GET, HEAD";

/** A product's slug or id, as the product route accepts it; anything else names no product. */
const PRODUCT_KEY = /^(?:\d{1,10}|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function ecommerceApi(options: { logger?: Logger } = {}) {
  const api = new Hono<ShopEnv>();
  const catalogOf = (c: Context<ShopEnv>) => requestContext(c).services.catalog;
  const ok = (c: Context, data: unknown, meta: Record<string, unknown> = {}, personal = false) => {
    // A member's answer may hold members-only products (ADR 41): only their own browser keeps it.
    c.header("Cache-Control", personal ? PERSONAL_GETS : CACHE_GETS);
    return c.json({ data, meta });
  };
  /** Products as the caller sees them: a shared cache keeps one answer per login (token or cookie). */
  const okForViewer = (c: Context, data: unknown, meta: Record<string, unknown>, member: boolean) => {
    c.header("Vary", "Authorization, Cookie", { append: true });
    return ok(c, data, meta, member);
  };

  api.get("/products", async (c) => {
    const request = parseProductsQuery(new URL(c.req.url).searchParams);
    const viewer = await requestContext(c).viewer();
    const result = await catalogOf(c).listing.list(request, viewer);
    const pagination = { page: result.page, pageSize: request.pageSize, pageCount: result.pageCount, total: result.total };
    return okForViewer(c, result.products, { pagination, facets: result.facets }, viewer.member);
  });

  api.get("/products/:key", async (c) => {
    const key = c.req.param("key");
    const viewer = await requestContext(c).viewer();
    const product = PRODUCT_KEY.test(key) && key.length <= 200 ? await catalogOf(c).productDetail(key, viewer) : null;
    if (!product) throw new NotFoundError("Product not found");
    return okForViewer(c, product, {}, viewer.member);
  });

  api.get("/categories", async (c) => ok(c, await catalogOf(c).categories()));
  api.get("/brands", async (c) => ok(c, await catalogOf(c).brandDetails()));

  api.route("/carts", cartsApi());
  api.route("/orders", ordersApi());
  api.route("/delivery-methods", deliveryMethodsApi());
  api.route("/custom-information", customInformationApi());

  answerOtherRequests(
    api,
    Object.fromEntries(["/products", "/products/:key", "/categories", "/brands"].map((path) => [path, ALLOW])),
    { notFound: true },
  );
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
