import { Hono } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import { answerOtherRequests, toErrorResponse } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

/*
 * /subscriptions (SPEC §7, the shop API): the newsletter for API clients, thin handlers over the
 * newsletter module (ADR 40). No session is involved: a sign-up asks the address's owner by mail,
 * and an unsubscribe token is its own authority. Bodies are JSON; errors have the content
 * backend's shape; nothing is cached.
 *
 *   POST   /    {email}           -> 202 {data: {status: "pending"}}, whatever the address's state;
 *                                     the consent's source is "api", whatever the body says
 *   DELETE /    {token}           -> 200 {data: {status: "unsubscribed"}}
 */

export interface SubscriptionsApiOptions {
  logger?: Logger;
}

export function subscriptionsApi(options: SubscriptionsApiOptions = {}) {
  const api = new Hono<ShopEnv>();
  api.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  api.post("/", async (c) => {
    const body = await readJsonObject(c);
    const context = requestContext(c);
    // The server says where the consent was given, not the client.
    const answer = await context.services.newsletter.subscribe(context, { ...body, source: "api" });
    return c.json({ data: answer, meta: {} }, 202);
  });

  api.delete("/", async (c) => {
    const body = await readJsonObject(c);
    const context = requestContext(c);
    const { status } = await context.services.newsletter.unsubscribe(context, body);
    return c.json({ data: { status }, meta: {} });
  });

  answerOtherRequests(api, { "/": "POST, DELETE" }, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
