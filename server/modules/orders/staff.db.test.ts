import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { mailJobs, orderEvents, promoCodes, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";

/* The staff's order operations (issue 11 §3): the state machine, stock, refunds and the mails. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let option: number;
let buyers = 0;

beforeAll(async () => {
  shop = await seededShop(4);
  scope = systemScope(shop.database.db);
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const stock = async () =>
  (await shop.database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, option)))[0]!.stock;

async function placed(quantity = 2) {
  buyers += 1;
  const order = await guestOrder(shop.services, scope, option, quantity, { email: `staff-test-${buyers}@example.com` });
  return order;
}

const subjects = async (email: string) =>
  (await shop.database.db.select().from(mailJobs).where(eq(mailJobs.to, email)).orderBy(mailJobs.id)).map((m) => m.subject);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

test("paid, shipped with tracking, delivered, then refunded in two parts; each step in the history and a mail", async () => {
  const order = await placed();
  const { staff } = shop.services;
  expect(await staff.markPaid(scope, order.number)).toMatchObject({ status: "paid", reservedUntil: null });
  const shipped = await staff.ship(scope, order.number, { carrier: "PostNL", trackingUrl: "https://track.example/3S123" });
  expect(shipped).toMatchObject({ status: "shipped", carrier: "PostNL", trackingUrl: "https://track.example/3S123" });
  expect(await staff.markDelivered(scope, order.number)).toMatchObject({ status: "delivered" });
  expect(await staff.refund(scope, order.number, { amount: 500 })).toMatchObject({ status: "delivered", refunded: 500 });
  expect(await failure(staff.refund(scope, order.number, { amount: order.total }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "amount",
  });
  expect(await staff.refund(scope, order.number)).toMatchObject({ status: "refunded", refunded: order.total });

  const history = await shop.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(orderEvents.id);
  expect(history.map((e) => e.status)).toEqual(["awaiting_payment", "paid", "shipped", "delivered", "delivered", "refunded"]);
  expect(await subjects(order.email)).toEqual([
    `Your order ${order.number} at Safe Hands`,
    `We received your payment for order ${order.number}`,
    `Your order ${order.number} is on its way`,
    `We refunded €5.00 for order ${order.number}`,
    expect.stringMatching(new RegExp(`^We refunded €[\\d.,]+ for order ${order.number}$`)),
  ]);
});

test("moves the state machine does not allow are refused, and change nothing", async () => {
  const order = await placed(1);
  const { staff } = shop.services;
  expect(await failure(staff.ship(scope, order.number, { carrier: "DHL" }))).toMatchObject({
    code: "INVALID_TRANSITION",
    message: `Order ${order.number} is awaiting payment: it cannot become shipped.`,
  });
  expect(await failure(staff.refund(scope, order.number))).toMatchObject({ code: "INVALID_TRANSITION" });
  expect(await failure(staff.markDelivered(scope, order.number))).toMatchObject({ code: "INVALID_TRANSITION" });
  expect(await failure(staff.ship(scope, "KS-1", { carrier: "DHL" }))).toMatchObject({ code: "ORDER_NOT_FOUND" });
  await staff.markPaid(scope, order.number);
  expect(await failure(staff.ship(scope, order.number, { carrier: "" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "carrier",
  });
  expect(await failure(staff.ship(scope, order.number, { carrier: "DHL", trackingUrl: "javascript:alert(1)" }))).toMatchObject({
    field: "trackingUrl",
  });
  await staff.ship(scope, order.number, { carrier: "DHL" });
  expect(await failure(staff.cancel(scope, order.number))).toMatchObject({ code: "INVALID_TRANSITION" });
});

test("cancelling gives the stock back, once; a paid order is refunded in full", async () => {
  const { staff } = shop.services;
  const before = await stock();
  const unpaid = await placed(2);
  expect(await stock()).toBe(before - 2);
  expect(await staff.cancel(scope, unpaid.number)).toMatchObject({ status: "cancelled", refunded: 0 });
  expect(await stock()).toBe(before);
  expect(await failure(staff.cancel(scope, unpaid.number))).toMatchObject({ code: "INVALID_TRANSITION" });
  expect(await stock()).toBe(before);

  const paid = await placed(1);
  await staff.markPaid(scope, paid.number);
  expect(await staff.cancel(scope, paid.number)).toMatchObject({ status: "cancelled", refunded: paid.total });
  expect(await stock()).toBe(before);
  expect((await subjects(paid.email)).at(-1)).toBe(`Your order ${paid.number} has been cancelled`);
});

test("a paid order refunded in full before it was sent gives its stock back", async () => {
  const { staff } = shop.services;
  const before = await stock();
  const order = await placed(2);
  await staff.markPaid(scope, order.number);
  expect(await staff.refund(scope, order.number)).toMatchObject({ status: "refunded" });
  expect(await stock()).toBe(before);
});

test("a cancelled order gives its promo code use back; a partly refunded one is told only the rest", async () => {
  const { staff } = shop.services;
  await shop.database.db.insert(promoCodes).values({ code: "ONCEONLY", kind: "amount", value: 100, usageLimit: 1 });
  buyers += 1;
  const body = { email: "promo-cancel@example.com", promoCode: "ONCEONLY" };
  const order = await guestOrder(shop.services, scope, option, 1, body);
  await staff.markPaid(scope, order.number);
  await staff.refund(scope, order.number, { amount: 300 });
  await staff.cancel(scope, order.number);
  const [code] = await shop.database.db.select().from(promoCodes).where(eq(promoCodes.code, "ONCEONLY"));
  expect(code!.usedCount).toBe(0);
  const cancelled = (
    await shop.database.db.select().from(mailJobs).where(eq(mailJobs.to, "promo-cancel@example.com")).orderBy(mailJobs.id)
  ).at(-1)!;
  expect(cancelled.text).toContain(`we have refunded the ${`€${((order.total - 300) / 100).toFixed(2)}`} you paid`);
  // The same buyer may use the code again.
  await expect(guestOrder(shop.services, scope, option, 1, body)).resolves.toMatchObject({ promoCode: "ONCEONLY" });
});
