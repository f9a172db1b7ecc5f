import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { isCartToken, type CartWithToken } from "../../modules/cart/index.ts";
import { NotFoundError, answerOtherRequests } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";

/*
 * /ecommerce/carts (SPEC §7): guest bags for API clients. A bag's id is its secret token, given
 * once by POST /ecommerce/carts; whoever holds it can read and change the bag, as with the cart
 * cookie of the pages. Bodies are JSON, either plain or wrapped under `data` like the content
 * backend's write bodies. Answers are never cached: a bag changes with every call.
 *
 *   POST   /carts                       -> 201 a new, empty bag
 *   GET    /carts/{id}                  -> the bag
 *   POST   /carts/{id}/lines            {variantId, quantity?}  -> 201 the bag
 *   PATCH  /carts/{id}/lines/{lineId}   {quantity?, variantId?} -> the bag
 *   DELETE /carts/{id}/lines/{lineId}   -> the bag
 */

export function cartsApi() {
  const api = new Hono<ShopEnv>();
  const carts = (c: Context<ShopEnv>) => requestContext(c).services.cart;
  const answer = (c: Context<ShopEnv>, cart: CartWithToken, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "no-store");
    const { token, ...bag } = cart;
    return c.json({ data: { id: token, currency: requestContext(c).env.currency, ...bag }, meta: {} }, status);
  };
  const tokenOf = (c: Context<ShopEnv>) => {
    const id = c.req.param("id");
    if (!isCartToken(id)) throw new NotFoundError("Cart not found", { param: "id" });
    return id;
  };

  api.post("/", async (c) => answer(c, await carts(c).create(requestContext(c)), 201));

  api.get("/:id", async (c) => {
    const cart = await carts(c).get(requestContext(c), tokenOf(c));
    if (!cart) throw new NotFoundError("Cart not found", { param: "id" });
    return answer(c, cart);
  });

  api.post("/:id/lines", async (c) => {
    const context = requestContext(c);
    const token = tokenOf(c);
    // An add to an unknown id must not quietly make a new bag under another id.
    if (!(await carts(c).get(context, token))) throw new NotFoundError("Cart not found", { param: "id" });
    const body = await readJsonObject(c);
    const { cart } = await carts(c).addLine(context, token, body);
    return answer(c, cart, 201);
  });

  api.patch("/:id/lines/:lineId", async (c) => {
    const body = await readJsonObject(c);
    const lineId = c.req.param("lineId");
    return answer(c, await carts(c).updateLine(requestContext(c), tokenOf(c), { ...body, lineId }));
  });

  api.delete("/:id/lines/:lineId", async (c) =>
    answer(c, await carts(c).removeLine(requestContext(c), tokenOf(c), { lineId: c.req.param("lineId") })),
  );

  const allowed: Record<string, string> = {
    "/": "POST",
    "/:id": "GET, HEAD",
    "/:id/lines": "POST",
    "/:id/lines/:lineId": "PATCH, DELETE",
  };
  answerOtherRequests(api, allowed, { notFound: false });
  return api;
}
