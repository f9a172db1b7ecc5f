import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { isCartToken, type CartWithToken } from "../../modules/cart/index.ts";
import type { BagTotals } from "../../modules/checkout/index.ts";
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
 *   PATCH  /carts/{id}   {country, deliveryMethod?, promoCode?}  -> the bag with its checkout
 *          choices; with a country and a delivery method it answers its `totals` (subtotal,
 *          discount, delivery, tax, vatRate, total), priced by the shop as placing the order would
 *
 * Every answer holds the bag's `checkout` choices, its `totals` (null until the bag holds something
 * and a country and a method are chosen) and `promoError`: null, or {reason, message} when the
 * promo code kept with the bag no longer applies (it expired, was used up, ...): the totals then
 * take nothing off, and placing the order would be refused for the same reason.
 */

export function cartsApi() {
  const api = new Hono<ShopEnv>();
  const carts = (c: Context<ShopEnv>) => requestContext(c).services.cart;
  /** The bag as the API answers it, with its checkout choices and, once they are complete, its totals. */
  const answer = (c: Context<ShopEnv>, cart: CartWithToken, priced: BagTotals | null, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "no-store");
    const { token, ...bag } = cart;
    const promoError = priced?.promoError
      ? { reason: priced.promoError.details["reason"] ?? null, message: priced.promoError.message }
      : null;
    const data = { id: token, currency: requestContext(c).env.currency, ...bag, totals: priced?.totals ?? null, promoError };
    return c.json({ data, meta: {} }, status);
  };
  /** Answers a bag just read or changed, priced for the checkout choices it holds. */
  const answerPriced = async (c: Context<ShopEnv>, cart: CartWithToken, status: 200 | 201 = 200) => {
    const context = requestContext(c);
    return answer(c, cart, await context.services.checkout.totalsFor(context, cart, null, await context.viewer()), status);
  };
  const tokenOf = (c: Context<ShopEnv>) => {
    const id = c.req.param("id");
    if (!isCartToken(id)) throw new NotFoundError("Cart not found", { param: "id" });
    return id;
  };

  api.post("/", async (c) => answerPriced(c, await carts(c).create(requestContext(c)), 201));

  api.get("/:id", async (c) => {
    const context = requestContext(c);
    const cart = await carts(c).get(context, tokenOf(c), await context.viewer());
    if (!cart) throw new NotFoundError("Cart not found", { param: "id" });
    return answerPriced(c, cart);
  });

  api.post("/:id/lines", async (c) => {
    const context = requestContext(c);
    const token = tokenOf(c);
    // An add to an unknown id must not quietly make a new bag under another id.
    const viewer = await context.viewer();
    if (!(await carts(c).get(context, token, viewer))) throw new NotFoundError("Cart not found", { param: "id" });
    const body = await readJsonObject(c);
    const { cart } = await carts(c).addLine(context, token, body, viewer);
    return answerPriced(c, cart, 201);
  });

  api.patch("/:id/lines/:lineId", async (c) => {
    const body = await readJsonObject(c);
    const lineId = c.req.param("lineId");
    const context = requestContext(c);
    return answerPriced(c, await carts(c).updateLine(context, tokenOf(c), { ...body, lineId }, await context.viewer()));
  });

  api.patch("/:id", async (c) => {
    const context = requestContext(c);
    const buyer = { customerId: null, bag: tokenOf(c), viewer: await context.viewer() };
    const { bag, priced } = await context.services.checkout.chooseForBag(context, buyer, await readJsonObject(c));
    return answer(c, bag, priced);
  });

  api.delete("/:id/lines/:lineId", async (c) => {
    const context = requestContext(c);
    const lineId = c.req.param("lineId");
    return answerPriced(c, await carts(c).removeLine(context, tokenOf(c), { lineId }, await context.viewer()));
  });

  const allowed: Record<string, string> = {
    "/": "POST",
    "/:id": "GET, HEAD, PATCH",
    "/:id/lines": "POST",
    "/:id/lines/:lineId": "PATCH, DELETE",
  };
  answerOtherRequests(api, allowed, { notFound: false });
  return api;
}
