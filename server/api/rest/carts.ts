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
 *   PATCH  /carts/{id}   {country, deliveryMethod?, promoCode?}  -> the bag with its checkout
 *          choices; with a country and a delivery method it answers its `totals` (subtotal,
 *          discount, delivery, tax, vatRate, total), priced by the shop as placing the order would
 */

export function cartsApi() {
  const api = new Hono<ShopEnv>();
  const carts = (c: Context<ShopEnv>) => requestContext(c).services.cart;
  const answer = async (c: Context<ShopEnv>, cart: CartWithToken, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "no-store");
    const { token, ...bag } = cart;
    const context = requestContext(c);
    const checkout = (await context.services.cart.checkoutChoices(context, token)) ?? {
      country: null,
      deliveryMethod: null,
      promoCode: null,
    };
    const totals =
      bag.lines.length === 0
        ? null
        : await context.services.checkout.totalsFor(context, { customerId: null, bag: token }, checkout);
    return c.json({ data: { id: token, currency: context.env.currency, ...bag, checkout, totals }, meta: {} }, status);
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

  api.patch("/:id", async (c) => {
    const context = requestContext(c);
    const token = tokenOf(c);
    if (!(await carts(c).get(context, token))) throw new NotFoundError("Cart not found", { param: "id" });
    const choices = await context.services.checkout.checkChoices(
      context,
      { customerId: null, bag: token },
      await readJsonObject(c),
    );
    await carts(c).chooseForCheckout(context, token, choices);
    const cart = await carts(c).get(context, token);
    return answer(c, cart!);
  });

  api.delete("/:id/lines/:lineId", async (c) =>
    answer(c, await carts(c).removeLine(requestContext(c), tokenOf(c), { lineId: c.req.param("lineId") })),
  );

  const allowed: Record<string, string> = {
    "/": "POST",
    "/:id": "GET, HEAD, PATCH",
    "/:id/lines": "POST",
    "/:id/lines/:lineId": "PATCH, DELETE",
  };
  answerOtherRequests(api, allowed, { notFound: false });
  return api;
}
