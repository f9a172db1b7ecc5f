import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { keptMails } from "../../../tests/support/services-config.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { mailJobs, orderEvents, orderLines, orders, promoCodes, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createCarts, type Carts } from "../cart/index.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { sendDueMails } from "../mail/jobs.ts";
import type { Checkout } from "./index.ts";
import { testCheckout } from "../../../tests/support/orders.ts";

/*
 * Placing orders (issue 11, ADR 37) on the real database: PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where the races below really run at once and are repeated.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;
let scope: Scope;
let carts: Carts;
let checkout: Checkout;
let option: number;
let otherOption: number;
let guests = 0;

beforeAll(async () => {
  shop = await seededShop(8);
  database = shop.database;
  scope = systemScope(database.db);
  carts = createCarts();
  checkout = testCheckout();
  [option, otherOption] = (await stockedOptions(database.db, 2)) as [number, number];
});

afterAll(async () => {
  await shop?.close();
});

const setStock = (variantId: number, stock: number) =>
  database.db.update(variants).set({ stock }).where(eq(variants.id, variantId));
const stockOf = async (variantId: number) =>
  (await database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;
const priceOf = async (variantId: number) =>
  (await database.db.select({ price: variants.price }).from(variants).where(eq(variants.id, variantId)))[0]!.price;

/** A guest's bag holding `quantity` of each option. */
async function guestBag(items: [number, number][]): Promise<string> {
  let token: string | null = null;
  for (const [variantId, quantity] of items) token = (await carts.addLine(scope, token, { variantId, quantity })).cart.token;
  return token!;
}

function orderBody(overrides: Record<string, unknown> = {}) {
  guests += 1;
  return {
    email: `buyer${guests}@example.com`,
    shippingAddress: {
      firstName: "Iris",
      lastName: "de Vries",
      line1: "Keizersgracht 1",
      city: "Amsterdam",
      postalCode: "1015 CJ",
      country: "NL",
    },
    deliveryMethod: "home-standard",
    paymentMethod: "bank-transfer",
    ...overrides,
  };
}

const guest = (bag: string) => ({ customerId: null, bag });
let visitors = 0;
/** A buyer's own connection: many buyers at once come from many addresses (per-address limits, ADR 50). */
const ownAddress = (): Scope => systemScope(database.db, { ip: `10.0.${(++visitors >> 8) & 255}.${visitors & 255}` });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; details: Record<string, unknown> },
  );

describe("placing an order", () => {
  test("writes the order with its lines as they were, takes the stock, empties the bag and writes the confirmation mail", async () => {
    await setStock(option, 10);
    await setStock(otherOption, 10);
    const bag = await guestBag([
      [option, 2],
      [otherOption, 1],
    ]);
    const subtotal = 2 * (await priceOf(option)) + (await priceOf(otherOption));
    const { order, lines, replayed } = await checkout.placeOrder(scope, guest(bag), orderBody({ email: "Iris@Example.com" }));
    expect(replayed).toBe(false);
    expect(order.number).toMatch(/^KS-\d{6,}$/);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      email: "iris@example.com",
      subtotal,
      paymentMethod: "bank-transfer",
      paymentReference: order.number,
    });
    // Standard delivery in the Netherlands: 4.95, free from 50.00 of items.
    const delivery = subtotal >= 5000 ? 0 : 495;
    expect(order.shipping).toBe(delivery);
    expect(order.total).toBe(subtotal + delivery);
    expect(order.tax).toBe(Math.round((order.total * 2100) / 12_100));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [option, 2],
      [otherOption, 1],
    ]);
    const stored = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(stored.map((l) => [l.variantId, l.quantity, l.unitPrice])).toEqual([
      [option, 2, await priceOf(option)],
      [otherOption, 1, await priceOf(otherOption)],
    ]);
    expect(await stockOf(option)).toBe(8);
    expect(await stockOf(otherOption)).toBe(9);
    expect((await carts.get(scope, bag))?.lines).toEqual([]);
    const history = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.map((e) => e.status)).toEqual(["awaiting_payment"]);
    const [mail] = await database.db.select().from(mailJobs).where(eq(mailJobs.to, "iris@example.com"));
    expect(mail?.subject).toBe(`Your order ${order.number} at Safe Hands`);
    expect(mail?.text).toContain("NL91ABNA0417164300");
    expect(mail?.text).toContain(`quoting ${order.number}`);

    // The outbox sends it once.
    const mailer = keptMails();
    await sendDueMails(database.db, mailer);
    expect(mailer.sent.filter((m) => m.to === "iris@example.com")).toHaveLength(1);
    await sendDueMails(database.db, mailer);
    expect(mailer.sent.filter((m) => m.to === "iris@example.com")).toHaveLength(1);
  });

  test("a line with fewer left than wanted refuses the order, naming the line; nothing changes", async () => {
    await setStock(option, 5);
    const bag = await guestBag([[option, 3]]);
    await setStock(option, 2);
    const error = await failure(checkout.placeOrder(scope, guest(bag), orderBody()));
    expect(error).toMatchObject({ code: "NOT_ENOUGH_STOCK", details: { variantId: option, wanted: 3, available: 2 } });
    expect(await stockOf(option)).toBe(2);
    expect((await carts.get(scope, bag))?.lines.map((l) => l.quantity)).toEqual([3]);
  });

  test("an empty bag, a country the shop does not deliver to and another zone's method are refused", async () => {
    expect(await failure(checkout.placeOrder(scope, guest(null as unknown as string), orderBody()))).toMatchObject({
      code: "EMPTY_BAG",
    });
    await setStock(option, 5);
    const bag = await guestBag([[option, 1]]);
    const antarctic = orderBody({
      shippingAddress: { firstName: "A", lastName: "B", line1: "Base 1", city: "Base", province: "AQ", country: "AQ" },
    });
    expect(await failure(checkout.placeOrder(scope, guest(bag), antarctic))).toMatchObject({ code: "DELIVERY_UNAVAILABLE" });
    expect(await failure(checkout.placeOrder(scope, guest(bag), orderBody({ deliveryMethod: "world-express" })))).toMatchObject({
      code: "DELIVERY_UNAVAILABLE",
    });
    expect(await failure(checkout.placeOrder(scope, guest(bag), orderBody({ deliveryMethod: "" })))).toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("VAT follows the delivery country, and its method's price", async () => {
    await setStock(option, 5);
    const bag = await guestBag([[option, 1]]);
    const body = orderBody({
      shippingAddress: {
        firstName: "Jonas",
        lastName: "Berg",
        line1: "Hauptstraße 5",
        city: "Berlin",
        postalCode: "10115",
        country: "DE",
      },
      deliveryMethod: "eu-express",
    });
    const { order } = await checkout.placeOrder(scope, guest(bag), body);
    expect(order).toMatchObject({ shipping: 1495, vatRateBasisPoints: 1900, deliveryMethodId: "eu-express" });
    expect(order.tax).toBe(Math.round((order.total * 1900) / 11_900));
  });

  test("what the shopper saw must still hold: a price changed since is CHECKOUT_CHANGED", async () => {
    await setStock(option, 5);
    const bag = await guestBag([[option, 1]]);
    const error = await failure(checkout.placeOrder(scope, guest(bag), orderBody(), { seen: "a-summary-of-old-prices" }));
    expect(error).toMatchObject({ code: "CHECKOUT_CHANGED" });
    expect(await stockOf(option)).toBe(5);
  });
});

describe("never oversold, never twice", () => {
  test(`${onPostgres ? 20 : 1} × 50 checkouts at once of the last unit: one order, the others told it sold out`, async () => {
    for (let round = 0; round < (onPostgres ? 20 : 1); round++) {
      await setStock(option, 50);
      const bags = await Promise.all(Array.from({ length: 50 }, () => guestBag([[option, 1]])));
      await setStock(option, 1);
      const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
      const results = await Promise.all(bags.map((bag) => failure(checkout.placeOrder(ownAddress(), guest(bag), orderBody()))));
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.filter((r) => r?.code === "NOT_ENOUGH_STOCK")).toHaveLength(49);
      expect(await stockOf(option)).toBe(0);
      const after = (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
      expect(after - before).toBe(1);
    }
  }, 180_000); // 20 rounds on PostgreSQL: a minute on a busy 2-core machine

  test("one idempotency key sent 10 times at once makes one order; another body under it is refused", async () => {
    await setStock(option, 10);
    const bag = await guestBag([[option, 1]]);
    const body = orderBody();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => checkout.placeOrder(scope, guest(bag), body, { idempotencyKey: "order-key-0001" })),
    );
    expect(new Set(results.map((r) => r.order.number)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await stockOf(option)).toBe(9);
    const other = await failure(
      checkout.placeOrder(scope, guest(bag), { ...body, deliveryMethod: "home-express" }, { idempotencyKey: "order-key-0001" }),
    );
    expect(other).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
  });

  test("a promo code with one use left, used by 20 at once: one order has it, the others are told", async () => {
    await database.db.insert(promoCodes).values({ code: "FINALONE", kind: "percent", value: 1500, usageLimit: 5, usedCount: 4 });
    await setStock(option, 40);
    const bags = await Promise.all(Array.from({ length: 20 }, () => guestBag([[option, 1]])));
    const results = await Promise.all(
      bags.map((bag) => failure(checkout.placeOrder(ownAddress(), guest(bag), orderBody({ promoCode: " finalone " })))),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r?.code === "PROMO_REFUSED" && r.details.reason === "used-up")).toHaveLength(19);
    const [code] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, "FINALONE"));
    expect(code!.usedCount).toBe(5);
    expect(await stockOf(option)).toBe(39);
  });

  test("a promo code works once per customer or guest e-mail; its minimum spend and dates are checked", async () => {
    await setStock(option, 20);
    const [customer] = await database.db
      .insert(users)
      .values({ username: "promo-shopper", email: "promo-shopper@example.com" })
      .returning();
    const buyer = { customerId: customer!.id, bag: { customerId: customer!.id } };
    await carts.addLine(scope, buyer.bag, { variantId: option, quantity: 1 });
    await checkout.placeOrder(scope, buyer, orderBody({ email: "promo-shopper@example.com", promoCode: "WELCOME10" }));
    await carts.addLine(scope, buyer.bag, { variantId: option, quantity: 1 });
    expect(await failure(checkout.placeOrder(scope, buyer, orderBody({ promoCode: "WELCOME10" })))).toMatchObject({
      code: "PROMO_REFUSED",
      details: { reason: "already-used" },
    });
    // Nor as a guest with the account's address.
    expect(
      await failure(
        checkout.placeOrder(
          scope,
          guest(await guestBag([[option, 1]])),
          orderBody({ email: "promo-shopper@example.com", promoCode: "WELCOME10" }),
        ),
      ),
    ).toMatchObject({ details: { reason: "already-used" } });
    const email = { email: "same-guest@example.com" };
    await checkout.placeOrder(scope, guest(await guestBag([[option, 1]])), orderBody({ ...email, promoCode: "WELCOME10" }));
    expect(
      await failure(
        checkout.placeOrder(scope, guest(await guestBag([[option, 1]])), orderBody({ ...email, promoCode: "welcome10" })),
      ),
    ).toMatchObject({
      details: { reason: "already-used" },
    });

    await database.db.insert(promoCodes).values([
      { code: "BIGSPEND", kind: "amount", value: 1000, minimumSpend: 1_000_000 },
      { code: "OLDNEWS", kind: "amount", value: 1000, endsAt: new Date("2020-01-01") },
      { code: "SOON", kind: "amount", value: 1000, startsAt: new Date("2099-01-01") },
    ]);
    const bag = await guestBag([[option, 1]]);
    const refusal = (promoCode: string) => failure(checkout.placeOrder(scope, guest(bag), orderBody({ promoCode })));
    expect(await refusal("BIGSPEND")).toMatchObject({ details: { reason: "minimum-spend" } });
    expect(await refusal("OLDNEWS")).toMatchObject({ details: { reason: "expired" } });
    expect(await refusal("SOON")).toMatchObject({ details: { reason: "not-started" } });
    expect(await refusal("NOSUCHCODE")).toMatchObject({ details: { reason: "unknown" } });
  });
});
