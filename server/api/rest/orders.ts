import { Hono, type Context } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { isCartToken, requestBag } from "../../modules/cart/index.ts";
import { hasScope } from "../../modules/accounts/index.ts";
import { staffScopeOf } from "../../modules/audit/index.ts";
import { isBackOfficeRole } from "../../modules/staff-access/index.ts";
import { ForbiddenError, UnauthorizedError, ValidationError, answerOtherRequests } from "./errors.ts";
import { readJsonObject } from "./json-body.ts";
import { requireApiSecondFactor } from "./staff-second-factor.ts";

/*
 * Orders on the shop API (SPEC §7 /ecommerce/orders, ADR 37): thin handlers over the checkout and
 * orders modules. Answers are never cached.
 *
 *   GET  /delivery-methods?country=NL[&cartId=…]  -> the methods to that country, priced for the bag
 *   POST /orders   Idempotency-Key: …   {cartId, email, shippingAddress, deliveryMethod,
 *                  paymentMethod, promoCode?}  -> 201 {data: order}; the same key again: 200, the same order.
 *                  A card order's data.payment.card.url is the payment page to send the shopper to.
 *   GET  /orders              (bearer)  -> the customer's orders, newest first
 *   GET  /orders/{number}     (bearer)  -> one of them; anyone else's is 404
 *   POST /orders/{number}/paid | ship | delivered | cancel | refund   (a user with the "staff"
 *        scope) {note?} | {carrier, trackingUrl?, note?} | {amount?, note?} -> the order; a move
 *        the order's status does not allow is 409
 */

export function deliveryMethodsApi() {
  const api = new Hono<ShopEnv>();
  api.get("/", async (c) => {
    const context = requestContext(c);
    const cartId = c.req.query("cartId");
    const bag = await requestBag(context, cartId && isCartToken(cartId) ? cartId : null);
    // Priced for who asks: member prices in the items, a plan's free delivery (ADR 41).
    const viewer = await context.viewer();
    const items = bag ? ((await context.services.cart.get(context, bag, viewer))?.subtotal ?? 0) : 0;
    const methods = await context.services.checkout.deliveryOptions(context, { country: c.req.query("country") }, items, viewer);
    c.header("Cache-Control", "no-store");
    return c.json({ data: methods, meta: { currency: context.env.currency } });
  });
  answerOtherRequests(api, { "/": "GET, HEAD" }, { notFound: false });
  return api;
}

export function ordersApi() {
  const api = new Hono<ShopEnv>();
  const customer = async (c: Context<ShopEnv>) => {
    const session = await requestContext(c).session();
    if (!session) throw new UnauthorizedError();
    return session.user.id;
  };
  const answer = (c: Context<ShopEnv>, data: unknown, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "no-store");
    return c.json({ data, meta: {} }, status);
  };

  api.post("/", async (c) => {
    const context = requestContext(c);
    const body = await readJsonObject(c);
    const session = await context.session();
    const cartId = typeof body.cartId === "string" && isCartToken(body.cartId) ? body.cartId : null;
    // A guest names their bag by its id (the token); a customer orders from their own, whatever
    // it names (cart/whose-bag.ts, as GraphQL and the checkout page).
    if (!session && cartId === null) throw new ValidationError("cartId", "Give the id of the cart to order.");
    const bag = await requestBag(context, cartId, "order");
    const key = c.req.header("idempotency-key") ?? null;
    const { cartId: _, ...order } = body;
    const buyer = { customerId: session?.user.id ?? null, bag, viewer: await context.viewer() };
    const placed = await context.services.checkout.placeOrder(context, buyer, order, { idempotencyKey: key });
    if (placed.replayed) c.header("Idempotent-Replayed", "true");
    const view = placed.replayed
      ? await context.services.orders.view(context, placed.order)
      : await context.services.orders.placedView(context, placed.order, placed.lines, placed.paymentUrl);
    return answer(c, view, placed.replayed ? 200 : 201);
  });

  api.get("/", async (c) => {
    const context = requestContext(c);
    const orders = await context.services.orders.customerOrders(context, await customer(c), { first: c.req.query("first") });
    return answer(c, orders);
  });

  api.get("/:number", async (c) => {
    const context = requestContext(c);
    return answer(c, await context.services.orders.customerOrder(context, await customer(c), c.req.param("number")));
  });

  const staffOperations = {
    paid: "markPaid",
    ship: "ship",
    delivered: "markDelivered",
    cancel: "cancel",
    refund: "refund",
  } as const;
  for (const [path, operation] of Object.entries(staffOperations)) {
    api.post(`/:number/${path}`, async (c) => {
      const context = requestContext(c);
      const session = await context.session();
      if (!session) throw new UnauthorizedError();
      if (!hasScope(session.user, "staff")) throw new ForbiddenError("Only the shop's staff may do this.");
      // A back-office account acts here as in the back office (ADR 59): with its second factor
      // given in this session, within the session's limits, and again for money going back.
      await requireApiSecondFactor(context, session);
      const { user, sessionId } = session;
      if (isBackOfficeRole(user.role) && (operation === "refund" || operation === "cancel")) {
        await context.services.staffAccess.requireRecentSecondFactor(context, { userId: user.id, sessionId });
      }
      const body = c.req.header("content-length") === "0" || !c.req.header("content-type") ? {} : await readJsonObject(c);
      // Made by staff: the change is audited with who made it (ADR 58).
      const staff = staffScopeOf(context, session.user, context.requestId);
      const order = await context.services.staff[operation](staff, c.req.param("number"), body);
      return answer(c, await context.services.orders.view(context, order));
    });
  }

  answerOtherRequests(
    api,
    {
      "/": "GET, HEAD, POST",
      "/:number": "GET, HEAD",
      ...Object.fromEntries(Object.keys(staffOperations).map((path) => [`/:number/${path}`, "POST"])),
    },
    { notFound: false },
  );
  return api;
}
