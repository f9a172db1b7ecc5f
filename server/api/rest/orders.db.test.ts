import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { auditLog, orders, users, variants } from "../../db/schema/index.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import type { OrderView } from "../../modules/orders/index.ts";
import { contentAuthApi } from "./content-auth.ts";
import { ecommerceApi } from "./ecommerce.ts";

/* POST /ecommerce/orders and friends (issue 11 §4) over the real database. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let option: number;
let people = 0;

beforeAll(async () => {
  shop = await seededShop(6);
  app = shopApp(shop);
  app.route("/ecommerce", ecommerceApi());
  app.route("/api", contentAuthApi());
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

interface Answer<T> {
  status: number;
  headers: Headers;
  body: { data: T; error?: { status: number; name: string; message: string; details: Record<string, unknown> } };
}

async function call<T = OrderView>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer<T>["body"] };
}

async function guestCart(quantity = 1): Promise<string> {
  const created = await call<{ id: string }>("POST", "/ecommerce/carts");
  await call("POST", `/ecommerce/carts/${created.body.data.id}/lines`, { variantId: option, quantity });
  return created.body.data.id;
}

const address = {
  firstName: "Iris",
  lastName: "de Vries",
  line1: "Keizersgracht 1",
  city: "Amsterdam",
  postalCode: "1015 CJ",
  country: "NL",
};
const order = (cartId: string | undefined, extra: Record<string, unknown> = {}) => ({
  cartId,
  email: "api-buyer@example.com",
  shippingAddress: address,
  deliveryMethod: "home-express",
  paymentMethod: "bank-transfer",
  ...extra,
});

async function customer() {
  people += 1;
  const registered = await call<unknown>("POST", "/api/auth/local/register", {
    username: `apibuyer${people}`,
    email: `apibuyer${people}@example.com`,
    password: `green gloves ${people} catch`,
  });
  return { authorization: `Bearer ${(registered.body as unknown as { jwt: string }).jwt}` };
}

describe("the delivery methods", () => {
  test("of a country, priced; a country the shop does not deliver to has none; a bad country is 400", async () => {
    const nl = await call<{ id: string; price: number }[]>("GET", "/ecommerce/delivery-methods?country=nl");
    expect(nl.status).toBe(200);
    expect(nl.body.data.map((m) => [m.id, m.price])).toEqual([
      ["home-standard", 495],
      ["home-express", 995],
    ]);
    expect((await call<unknown[]>("GET", "/ecommerce/delivery-methods?country=AQ")).body.data).toEqual([]);
    const bad = await call("GET", "/ecommerce/delivery-methods?country=Netherlands");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ name: "ValidationError", details: { param: "country" } });
  });
});

describe("POST /ecommerce/orders", () => {
  test("201 with the order; the same key again is 200 with the same order; the key with another body is 409", async () => {
    const cartId = await guestCart(2);
    const key = { "idempotency-key": "api-order-0001" };
    const placed = await call("POST", "/ecommerce/orders", order(cartId), key);
    expect(placed.status).toBe(201);
    const price = (await shop.database.db.select({ price: variants.price }).from(variants).where(eq(variants.id, option)))[0]!
      .price;
    expect(placed.body.data).toMatchObject({
      status: "awaiting_payment",
      email: "api-buyer@example.com",
      lines: [{ quantity: 2, unitPrice: price, lineTotal: 2 * price }],
      totals: { subtotal: 2 * price, discount: 0, delivery: 995, total: 2 * price + 995, vatRate: 21 },
      deliveryMethod: { id: "home-express" },
      payment: { method: "bank-transfer", transfer: { iban: "NL91ABNA0417164300", reference: placed.body.data.number } },
    });
    const again = await call("POST", "/ecommerce/orders", order(cartId), key);
    expect(again.status).toBe(200);
    expect(again.body.data.number).toBe(placed.body.data.number);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await call("POST", "/ecommerce/orders", order(cartId, { deliveryMethod: "home-standard" }), key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ name: "IdempotencyConflictError" });
  });

  test("a sold-out line is 409 naming it; bad input is 400 naming the field; no cart is 400", async () => {
    const cartId = await guestCart(3);
    await shop.database.db.update(variants).set({ stock: 1 }).where(eq(variants.id, option));
    const soldOut = await call("POST", "/ecommerce/orders", order(cartId));
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error).toMatchObject({
      name: "NotEnoughStockError",
      details: { variantId: option, wanted: 3, available: 1 },
    });
    await shop.database.db.update(variants).set({ stock: 10 }).where(eq(variants.id, option));

    const badPostcode = await call(
      "POST",
      "/ecommerce/orders",
      order(cartId, { shippingAddress: { ...address, postalCode: "12" } }),
    );
    expect(badPostcode.status).toBe(400);
    expect(badPostcode.body.error).toMatchObject({ name: "ValidationError", details: { param: "shippingAddress.postalCode" } });
    const badPromo = await call("POST", "/ecommerce/orders", order(cartId, { promoCode: "NOPE" }));
    expect(badPromo.body.error).toMatchObject({ status: 400, details: { param: "promoCode", reason: "unknown" } });
    const noCart = await call("POST", "/ecommerce/orders", order(undefined));
    expect(noCart.status).toBe(400);
    expect(noCart.body.error).toMatchObject({ details: { param: "cartId" } });
  });

  test("a customer orders from their own bag and reads their orders; another customer gets 404", async () => {
    const me = await customer();
    // A customer's bag is theirs by account: filled through the module, as the pages do.
    // Strapi's /users/me answers the user itself, not under `data`.
    const session = await call<unknown>("GET", "/api/users/me", undefined, me);
    const userId = (session.body as unknown as { id: number }).id;
    await shop.services.cart.addLine(
      { db: shop.database.db, visitor: { ip: "127.0.0.1" } },
      { customerId: userId },
      { variantId: option, quantity: 1 },
    );
    const placed = await call("POST", "/ecommerce/orders", order(undefined, { promoCode: "welcome10" }), me);
    expect(placed.status).toBe(201);
    expect(placed.body.data.totals.discount).toBeGreaterThan(0);
    const list = await call<OrderView[]>("GET", "/ecommerce/orders", undefined, me);
    expect(list.body.data.map((o) => o.number)).toEqual([placed.body.data.number]);
    expect((await call("GET", `/ecommerce/orders/${placed.body.data.number}`, undefined, me)).body.data.number).toBe(
      placed.body.data.number,
    );

    const stranger = await customer();
    expect((await call("GET", `/ecommerce/orders/${placed.body.data.number}`, undefined, stranger)).status).toBe(404);
    expect((await call("GET", "/ecommerce/orders/KS-1", undefined, me)).status).toBe(404);
    expect((await call("GET", "/ecommerce/orders")).status).toBe(401);
  });
});

describe("the staff's order operations", () => {
  test("need a user with the staff scope: 401 without a session, 403 for a customer; a move the status does not allow is 409", async () => {
    const placed = await call("POST", "/ecommerce/orders", order(await guestCart(1)));
    const number = placed.body.data.number;
    expect((await call("POST", `/ecommerce/orders/${number}/paid`, {})).status).toBe(401);
    const customerOnly = await customer();
    const refused = await call("POST", `/ecommerce/orders/${number}/paid`, {}, customerOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ name: "ForbiddenError" });

    const clerk = await customer();
    await shop.database.db
      .update(users)
      .set({ scope: ["staff"] })
      .where(eq(users.username, `apibuyer${people}`));
    const early = await call("POST", `/ecommerce/orders/${number}/ship`, { carrier: "PostNL" }, clerk);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      name: "InvalidTransitionError",
      details: { from: "awaiting_payment", to: "shipped" },
    });
    expect((await call("POST", `/ecommerce/orders/${number}/paid`, undefined, clerk)).body.data.status).toBe("paid");
    const shipped = await call(
      "POST",
      `/ecommerce/orders/${number}/ship`,
      { carrier: "PostNL", trackingUrl: "https://track.example/1" },
      clerk,
    );
    expect(shipped.body.data).toMatchObject({ status: "shipped", carrier: "PostNL", trackingUrl: "https://track.example/1" });
    expect((await call("POST", "/ecommerce/orders/KS-1/paid", {}, clerk)).status).toBe(404);
    const me = await call<{ scope: string[] }>("GET", "/api/users/me", undefined, clerk);
    expect((me.body as unknown as { scope: string[] }).scope).toEqual(["staff"]);

    // An account with a back-office role acts only with its second factor given (ADR 59): a
    // password alone is refused, and changes nothing.
    await shop.database.db
      .update(users)
      .set({ role: "staff" })
      .where(eq(users.username, `apibuyer${people}`));
    const delivered = await call("POST", `/ecommerce/orders/${number}/delivered`, {}, clerk);
    expect(delivered.status).toBe(403);
    expect(delivered.body.error!.message).toBe("Sign in to the back office with your second factor first.");
    const [row] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number));
    expect(row!.status).toBe("shipped");
  });

  test("a refund's amount is a whole number of cents or a decimal text with two decimals at most; anything else is 400 and refunds nothing", async () => {
    const placed = await call("POST", "/ecommerce/orders", order(await guestCart(1)));
    const number = placed.body.data.number;
    const clerk = await customer();
    await shop.database.db
      .update(users)
      .set({ scope: ["staff"] })
      .where(eq(users.username, `apibuyer${people}`));
    expect((await call("POST", `/ecommerce/orders/${number}/paid`, undefined, clerk)).status).toBe(200);
    const refund = (amount: unknown) => call("POST", `/ecommerce/orders/${number}/refund`, { amount }, clerk);
    // z.coerce once read true, [1] and "1" alike as 1 cent, "" and null as 0, "1e2" as 100.
    for (const amount of [
      true,
      false,
      [1],
      ["150"],
      {},
      null,
      "",
      " ",
      "1e2",
      "0x10",
      "12.345",
      "1,50",
      "-1",
      12.5,
      0,
      -3,
      "0.00",
    ]) {
      const answer = await refund(amount);
      expect({ amount, status: answer.status }).toEqual({ amount, status: 400 });
      expect(answer.body.error).toMatchObject({ name: "ValidationError", details: { param: "amount" } });
    }
    expect((await refund(true)).body.error!.message).toBe(
      'Give the amount as a whole number of cents (1250) or as a decimal text with at most two decimals ("12.50").',
    );
    expect((await refund(0)).body.error!.message).toBe("Refund at least 1 cent.");
    expect((await refund(150)).body.data).toMatchObject({ status: "paid", totals: expect.anything() });
    expect((await refund("1.5")).status).toBe(200);
    const last = await refund("0.07");
    expect(last.status).toBe(200);
    const [row] = await shop.database.db.select({ refunded: orders.refunded }).from(orders).where(eq(orders.number, number));
    expect(row!.refunded).toBe(150 + 150 + 7);
    // Each operation the staff member made is audited under their account; the refused ones are not.
    const audited = await shop.database.db
      .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.entityId, number))
      .orderBy(auditLog.id);
    expect(audited.map((entry) => entry.action)).toEqual(["order.paid", "order.refunded", "order.refunded", "order.refunded"]);
    expect(audited[0]).toMatchObject({
      actorEmail: `apibuyer${people}@example.com`,
      changes: { status: ["awaiting_payment", "paid"] },
    });
    expect(audited[3]!.changes).toEqual({ refunded: [300, 307] });
  });
});
