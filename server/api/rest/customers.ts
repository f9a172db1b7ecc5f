import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { requestContext, type RequestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import type { CurrentSession } from "../../modules/accounts/index.ts";
import { MAX_ADDRESSES, type CustomerProfile } from "../../modules/customers/index.ts";
import { answerOtherRequests, NotFoundError, UnauthorizedError, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

/*
 * /customers (SPEC §7; issue 4 §7): the account area for API clients, thin handlers over the
 * customers module. Everything under /me is the logged-in customer's own, found through the
 * session token (Authorization: Bearer, else the auth cookie), never through an id from the
 * client; it is never cached. Bodies are JSON; answers are { data, meta }; errors have the
 * content backend's shape.
 *
 *   GET    /me                          the user with their personal details
 *   PATCH  /me                          {firstName?, lastName?, phone?}
 *   GET    /me/addresses                default first
 *   POST   /me/addresses                {firstName, lastName, line1, country, city?, province?, postalCode?, ...} -> 201
 *                                       (which of city, province and postal code: the country's format, ADR 49)
 *   PATCH  /me/addresses/{id}           the fields to change
 *   DELETE /me/addresses/{id}           -> the deleted address
 *   POST   /me/addresses/{id}/default
 *   GET    /me/preferences              every topic on every channel
 *   PUT    /me/preferences              {preferences: [{topic, channel, optedIn}]}
 *   GET    /me/orders?first=20          newest first
 *   GET    /me/orders/{id}              with its lines
 *   GET    /countries                   public: countries and their provinces
 *   GET    /countries/{code}/address-format  public: how the country's address is written, for an address form
 */

export interface CustomersApiOptions {
  logger?: Logger;
}

type Env = { Variables: ShopEnv["Variables"] & { session: CurrentSession } };

/** The country list changes only with the dataset package, that is with a release of the shop. */
const COUNTRIES_CACHE = "public, max-age=86400";

export function customersApi(options: CustomersApiOptions = {}) {
  const api = new Hono<Env>();

  const signedIn: MiddlewareHandler<Env> = async (c, next) => {
    const context = requestContext(c);
    const session = await context.session();
    if (!session) throw new UnauthorizedError();
    c.set("session", session);
    c.header("Cache-Control", "no-store");
    await next();
  };
  // Hono's /me/* matches /me as well.
  api.use("/me/*", signedIn);

  const me = (c: Context<Env>) => c.get("session").user.id;
  /** The request context and the customer's id: what every call of the customers module takes first. */
  const as = (c: Context<Env>): [RequestContext, number] => [requestContext(c), me(c)];
  const customers = (c: Context<Env>) => requestContext(c).services.customers;
  const ok = (c: Context<Env>, data: unknown, status: ContentfulStatusCode = 200, meta: Record<string, unknown> = {}) =>
    c.json({ data, meta }, status);
  /** The session's user with their personal details as they are now. */
  const user = async (c: Context<Env>, profile: Promise<CustomerProfile>) => ({ ...c.get("session").user, ...(await profile) });

  api.get("/me", async (c) => ok(c, await user(c, customers(c).profile(...as(c)))));
  api.patch("/me", async (c) => {
    const body = await readJsonObject(c);
    return ok(c, await user(c, customers(c).updateProfile(...as(c), body)));
  });

  api.get("/me/addresses", async (c) => ok(c, await customers(c).listAddresses(...as(c)), 200, { limit: MAX_ADDRESSES }));
  api.post("/me/addresses", async (c) => {
    const body = await readJsonObject(c);
    return ok(c, await customers(c).addAddress(...as(c), body), 201);
  });
  api.patch("/me/addresses/:id", async (c) => {
    const body = await readJsonObject(c);
    return ok(c, await customers(c).updateAddress(...as(c), c.req.param("id"), body));
  });
  api.delete("/me/addresses/:id", async (c) => ok(c, await customers(c).deleteAddress(...as(c), c.req.param("id"))));
  api.post("/me/addresses/:id/default", async (c) => ok(c, await customers(c).setDefaultAddress(...as(c), c.req.param("id"))));

  api.get("/me/preferences", async (c) => ok(c, await customers(c).preferences(...as(c))));
  api.put("/me/preferences", async (c) => {
    const body = await readJsonObject(c);
    return ok(c, await customers(c).updatePreferences(...as(c), body.preferences, "api"));
  });

  api.get("/me/orders", async (c) => ok(c, await customers(c).orders(...as(c), { first: c.req.query("first") })));
  api.get("/me/orders/:id", async (c) => ok(c, await customers(c).order(...as(c), c.req.param("id"))));

  api.get("/countries", (c) => {
    const countries = customers(c).countries();
    c.header("Cache-Control", COUNTRIES_CACHE);
    return ok(c, countries, 200, { count: countries.length });
  });

  api.get("/countries/:code/address-format", (c) => {
    const format = customers(c).addressFormat(c.req.param("code"));
    if (!format) throw new NotFoundError();
    c.header("Cache-Control", COUNTRIES_CACHE);
    return ok(c, format);
  });

  const allowed: Record<string, string> = {
    "/me": "GET, HEAD, PATCH",
    "/me/addresses": "GET, HEAD, POST",
    "/me/addresses/:id": "PATCH, DELETE",
    "/me/addresses/:id/default": "POST",
    "/me/preferences": "GET, HEAD, PUT",
    "/me/orders": "GET, HEAD",
    "/me/orders/:id": "GET, HEAD",
    "/countries": "GET, HEAD",
    "/countries/:code/address-format": "GET, HEAD",
  };
  answerOtherRequests(api, allowed, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
