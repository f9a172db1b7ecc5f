import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../../tests/support/fake-stripe.ts";
import type { ShopEnv } from "../../context.ts";
import { addresses, orderLines, orders, variants } from "../../db/schema/index.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { registeredCustomer } from "../../../tests/support/customers-fixtures.ts";
import { createStripeProvider } from "../../modules/payments/stripe.ts";
import { graphqlApp, postGraphQL, seededShop } from "../../../tests/support/graphql-harness.ts";

/* Checkout over GraphQL (issue 11 §4): the same modules as the pages and the shop API. */

const WEBHOOK_SECRET = "whsec_graphqlcheckout0123456789";
let stripe: FakeStripe;
let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let option: number;

beforeAll(async () => {
  // Card orders open a payment page at a local fake of Stripe. Nobody pays here, so it sends no
  // webhooks (the endpoint is not mounted on this app).
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, webhooks: async () => 404 });
  shop = await seededShop(6, {
    cardPayments: {
      provider: createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url }),
      checkoutMinutes: 30,
    },
  });
  app = graphqlApp(shop);
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await stripe?.settled();
  await shop?.services.mails.settled();
  await shop?.close();
  await stripe?.close();
});

async function newCart(quantity: number): Promise<string> {
  const created = await postGraphQL<{ createCart: { id: string } }>(app, { query: "mutation { createCart { id } }" });
  const cartId = created.body.data!.createCart.id;
  await postGraphQL(app, {
    query:
      "mutation($cartId: ID!, $variantId: ID!, $quantity: Int) { addCartLine(cartId: $cartId, variantId: $variantId, quantity: $quantity) { id } }",
    variables: { cartId, variantId: String(option), quantity },
  });
  return cartId;
}

const PLACE = `mutation($input: PlaceOrderInput!, $key: String) {
  placeOrder(input: $input, idempotencyKey: $key) {
    number status email
    lines { name quantity unitPrice { amount currency } lineTotal { amount } }
    totals { subtotal { amount } discount { amount } delivery { amount } tax { amount } vatRate total { amount currency } }
    deliveryMethod bankTransfer { iban reference }
  }
}`;

const input = (cartId: string, extra: Record<string, unknown> = {}) => ({
  cartId,
  email: "graphql-buyer@example.com",
  shippingAddress: {
    firstName: "Ana",
    lastName: "Lopes",
    line1: "Rua Augusta 10",
    city: "Lisboa",
    postalCode: "1100-053",
    country: "PT",
  },
  deliveryMethod: "eu-standard",
  ...extra,
});

type Placed = {
  number: string;
  status: string;
  totals: {
    subtotal: { amount: number };
    delivery: { amount: number };
    tax: { amount: number };
    vatRate: number;
    total: { amount: number };
  };
  bankTransfer: { iban: string; reference: string } | null;
};

describe("checkout over GraphQL", () => {
  test("delivery methods of a country, priced; an order placed once under one key; the order read back with its token", async () => {
    const methods = await postGraphQL<{ deliveryMethods: { id: string; price: { amount: number } }[] }>(app, {
      query: `{ deliveryMethods(country: "pt") { id price { amount } } }`,
    });
    expect(methods.body.data!.deliveryMethods.map((m) => m.id)).toEqual(["eu-standard", "eu-express"]);

    const cartId = await newCart(2);
    const first = await postGraphQL<{ placeOrder: Placed }>(app, {
      query: PLACE,
      variables: { input: input(cartId), key: "gql-key-0001" },
    });
    expect(first.body.errors).toBeUndefined();
    const order = first.body.data!.placeOrder;
    expect(order).toMatchObject({
      status: "AWAITING_PAYMENT",
      totals: { vatRate: 23 },
      bankTransfer: { reference: order.number },
    });
    expect(order.totals.total.amount).toBe(order.totals.subtotal.amount + order.totals.delivery.amount);
    const again = await postGraphQL<{ placeOrder: Placed }>(app, {
      query: PLACE,
      variables: { input: input(cartId), key: "gql-key-0001" },
    });
    expect(again.body.data!.placeOrder.number).toBe(order.number);
    const conflict = await postGraphQL(app, {
      query: PLACE,
      variables: { input: input(cartId, { deliveryMethod: "eu-express" }), key: "gql-key-0001" },
    });
    expect(conflict.body.errors?.[0]?.extensions).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });

    const token = shop.services.orders.statusPath(order.number).split("token=")[1];
    const READ = `query($number: ID!, $token: String) { placedOrder(number: $number, token: $token) { number history { status note } } }`;
    const read = await postGraphQL<{ placedOrder: { number: string } | null }>(app, {
      query: READ,
      variables: { number: order.number, token },
    });
    expect(read.body.data!.placedOrder).toMatchObject({
      number: order.number,
      history: [{ status: "AWAITING_PAYMENT", note: "Order placed" }],
    });
    const without = await postGraphQL<{ placedOrder: null }>(app, {
      query: READ,
      variables: { number: order.number, token: "x".repeat(24) },
    });
    expect(without.body.data!.placedOrder).toBeNull();
  });

  test("a card order (STRIPE) answers its payment page and until when it takes the payment; the same key, the same page", async () => {
    const PLACE_BY_CARD = `mutation($input: PlaceOrderInput!, $key: String) {
      placeOrder(input: $input, idempotencyKey: $key) {
        number status totals { total { amount currency } } bankTransfer { iban } cardPayment { url payBy }
      }
    }`;
    type PlacedByCard = {
      number: string;
      status: string;
      totals: { total: { amount: number; currency: string } };
      bankTransfer: null;
      cardPayment: { url: string | null; payBy: string | null } | null;
    };
    const cartId = await newCart(1);
    const variables = { input: input(cartId, { paymentMethod: "STRIPE" }), key: "gql-card-key-0001" };
    const first = await postGraphQL<{ placeOrder: PlacedByCard }>(app, { query: PLACE_BY_CARD, variables });
    expect(first.body.errors).toBeUndefined();
    const order = first.body.data!.placeOrder;
    expect(order).toMatchObject({ status: "AWAITING_PAYMENT", bankTransfer: null });
    expect(order.cardPayment!.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    // The page is open as long as the order keeps its items (checkoutMinutes).
    const payBy = Date.parse(order.cardPayment!.payBy!);
    expect(payBy - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(payBy - Date.now()).toBeLessThan(32 * 60_000);
    const [session, ...others] = [...stripe.sessions.values()].filter((s) => s.client_reference_id === order.number);
    expect(others).toEqual([]);
    expect(session).toMatchObject({ amount_total: order.totals.total.amount, currency: "eur", url: order.cardPayment!.url });

    // A retry (the answer was lost) is the same order with the same page, and opens no other.
    const again = await postGraphQL<{ placeOrder: PlacedByCard }>(app, { query: PLACE_BY_CARD, variables });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.placeOrder).toEqual(order);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === order.number)).toHaveLength(1);
  });

  test("refusals name what is wrong: a sold-out line, a bad field, a promo code", async () => {
    const cartId = await newCart(3);
    const bad = await postGraphQL(app, {
      query: PLACE,
      variables: { input: input(cartId, { shippingAddress: { ...input(cartId).shippingAddress, postalCode: "1" } }) },
    });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      argument: "input.shippingAddress.postalCode",
    });
    const promo = await postGraphQL(app, { query: PLACE, variables: { input: input(cartId, { promoCode: "NOPE" }) } });
    expect(promo.body.errors?.[0]?.extensions).toMatchObject({ code: "PROMO_REFUSED", reason: "unknown" });
    const noDelivery = await postGraphQL(app, {
      query: PLACE,
      variables: { input: input(cartId, { deliveryMethod: "home-express" }) },
    });
    expect(noDelivery.body.errors?.[0]?.extensions).toMatchObject({ code: "DELIVERY_UNAVAILABLE" });
    await shop.database.db.update(variants).set({ stock: 1 }).where(eq(variants.id, option));
    const soldOut = await postGraphQL(app, { query: PLACE, variables: { input: input(cartId) } });
    expect(soldOut.body.errors?.[0]?.extensions).toMatchObject({
      code: "NOT_ENOUGH_STOCK",
      variantId: option,
      wanted: 3,
      available: 1,
    });
  });
});

describe("whose bag an order takes", () => {
  test("a logged-in customer orders their own bag, not the guest bag a cartId names (as over REST)", async () => {
    const [, own, guests] = (await stockedOptions(shop.database.db, 3)) as [number, number, number];
    const customer = await registeredCustomer(shop.services, shop.database.db, 2201);
    const add = (variantId: number, quantity: number, cartId: string | null, headers: Record<string, string> = {}) =>
      postGraphQL(
        app,
        {
          query: `mutation($cartId: ID, $variantId: ID!, $quantity: Int) {
            addCartLine(cartId: $cartId, variantId: $variantId, quantity: $quantity) { id lines { quantity } } }`,
          variables: { cartId, variantId: String(variantId), quantity },
        },
        headers,
      );
    expect((await add(own, 1, null, customer.bearer)).body.errors).toBeUndefined();
    const created = await postGraphQL<{ createCart: { id: string } }>(app, { query: "mutation { createCart { id } }" });
    const guestCart = created.body.data!.createCart.id;
    expect((await add(guests, 2, guestCart)).body.errors).toBeUndefined();

    const placed = await postGraphQL<{ placeOrder: { email: string; lines: { quantity: number }[] } }>(
      app,
      { query: PLACE, variables: { input: input(guestCart), key: "gql-own-bag-1" } },
      customer.bearer,
    );
    expect(placed.body.errors).toBeUndefined();
    // The customer's one line of 1, not the guest's line of 2.
    expect(placed.body.data!.placeOrder.lines.map((line) => line.quantity)).toEqual([1]);
    const [ordered] = await shop.database.db
      .select({ variantId: orderLines.variantId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.number, (placed.body.data!.placeOrder as unknown as { number: string }).number));
    expect(ordered!.variantId).toBe(own);
    // The guest's bag is untouched.
    const guestBag = await postGraphQL<{ cart: { lines: { quantity: number }[] } }>(app, {
      query: "query($id: ID) { cart(id: $id) { lines { quantity } } }",
      variables: { id: guestCart },
    });
    expect(guestBag.body.data!.cart.lines.map((line) => line.quantity)).toEqual([2]);
  });
});

describe("the customer's addresses at checkout (ADR 55)", () => {
  test("saveAddress keeps the address typed in; savedAddressId orders to it; another's is NOT_FOUND", async () => {
    const [, , , mine] = (await stockedOptions(shop.database.db, 4)) as [number, number, number, number];
    const customer = await registeredCustomer(shop.services, shop.database.db, 2202);
    const other = await registeredCustomer(shop.services, shop.database.db, 2203);
    const addOne = () =>
      postGraphQL(
        app,
        {
          query: `mutation($variantId: ID!) { addCartLine(variantId: $variantId, quantity: 1) { id } }`,
          variables: { variantId: String(mine) },
        },
        customer.bearer,
      );
    const place = (extra: Record<string, unknown>, key: string, who = customer) =>
      postGraphQL<{ placeOrder: { number: string } }>(
        app,
        { query: PLACE, variables: { input: input("", extra), key } },
        who.bearer,
      );

    expect((await addOne()).body.errors).toBeUndefined();
    expect((await place({ cartId: null, saveAddress: true }, "gql-save-1")).body.errors).toBeUndefined();
    const kept = await shop.database.db.select().from(addresses).where(eq(addresses.userId, customer.id));
    expect(kept.map((a) => a.city)).toEqual(["Lisboa"]);

    expect((await addOne()).body.errors).toBeUndefined();
    const toSaved = await place({ cartId: null, shippingAddress: null, savedAddressId: String(kept[0]!.id) }, "gql-save-2");
    expect(toSaved.body.errors).toBeUndefined();
    const [order] = await shop.database.db
      .select({ deliveryAddress: orders.deliveryAddress })
      .from(orders)
      .where(eq(orders.number, toSaved.body.data!.placeOrder.number));
    expect(JSON.parse(order!.deliveryAddress!)).toMatchObject({ city: "Lisboa", postalCode: "1100-053" });

    const theirs = await place({ cartId: null, shippingAddress: null, savedAddressId: String(kept[0]!.id) }, "gql-save-3", other);
    expect(theirs.body.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });
  });
});
