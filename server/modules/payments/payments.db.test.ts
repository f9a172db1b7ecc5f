import { asc, eq, sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { startFakeStripe, signWebhook, type FakeStripe } from "../../../tests/support/fake-stripe.ts";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { ecommerceApi } from "../../api/rest/ecommerce.ts";
import { paymentWebhooksApi } from "../../api/rest/payment-webhooks.ts";
import type { ShopEnv } from "../../context.ts";
import { mailJobs, memberships, orderEvents, orders, payments, users, variants, type Order } from "../../db/schema/index.ts";
import { formatMoney } from "../../lib/money.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { cancelOrder, lockOrder } from "../orders/transitions.ts";
import { createStripeProvider } from "./stripe.ts";
import { MISMATCH_NOTE } from "./index.ts";

/*
 * Card payments against a local fake of Stripe spoken to by the official client (issue 11 §2, §5):
 * the payment page, every webhook (duplicate, reordered, late, badly signed) and the staff's
 * refunds, over the real database.
 */

const WEBHOOK_SECRET = "whsec_testsecret0123456789";
let shop: Awaited<ReturnType<typeof seededShop>>;
let stripe: FakeStripe;
let app: Hono<ShopEnv>;
let scope: Scope;
let option: number;
let buyers = 0;
/** What the webhook adapter logged as errors. */
const logged: { message: string; fields?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    webhooks: async (body, signature) =>
      (
        await app.request("/webhooks/stripe", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body,
        })
      ).status,
  });
  shop = await seededShop(4, {
    cardPayments: {
      provider: createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url }),
      checkoutMinutes: 30,
    },
  });
  app = shopApp(shop);
  app.route(
    "/webhooks",
    paymentWebhooksApi({ logger: { info: () => {}, error: (message, fields) => logged.push({ message, fields }) } }),
  );
  app.route("/ecommerce", ecommerceApi());
  scope = systemScope(shop.database.db);
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await stripe?.settled();
  await shop?.services.mails.settled();
  await shop?.close();
  await stripe?.close();
});

beforeEach(async () => {
  await stripe.settled();
});

const db = () => shop.database.db;
const stock = async () => (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, option)))[0]!.stock;
const orderNamed = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
const history = async (order: Order) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id))).map(
    (e) => `${e.status}: ${e.note}`,
  );
const subjects = async (email: string) =>
  (await db().select().from(mailJobs).where(eq(mailJobs.to, email)).orderBy(mailJobs.id)).map((m) => m.subject);
const paymentOf = async (order: Order) => (await db().select().from(payments).where(eq(payments.orderId, order.id)))[0]!;
const sessionOf = async (order: Order) => (await paymentOf(order)).providerRef!;

async function cardOrder(quantity = 1, options: { key?: string } = {}) {
  buyers += 1;
  const email = `card-${buyers}@example.com`;
  const { cart } = await shop.services.cart.addLine(scope, null, { variantId: option, quantity });
  const body = { email, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard", paymentMethod: "stripe" };
  const placed = await shop.services.checkout.placeOrder(scope, { customerId: null, bag: cart.token }, body, {
    idempotencyKey: options.key ?? null,
  });
  return { ...placed, email, bag: cart.token, body };
}

test("a card order opens one Stripe payment page for its total, keeps its stock for the page's life, and mails nothing yet", async () => {
  const before = await stock();
  const { order, paymentUrl, email } = await cardOrder(2);
  expect(order.status).toBe("awaiting_payment");
  expect(paymentUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  expect(await stock()).toBe(before - 2);
  const session = stripe.sessions.get(await sessionOf(order))!;
  expect(session.amount_total).toBe(order.total);
  expect(session.currency).toBe("eur");
  expect(session.client_reference_id).toBe(order.number);
  expect(session.success_url).toContain(`/orders/${order.number}?token=`);
  // The page closes when the reservation ends (the order keeps its stock until then).
  expect(session.expires_at).toBe(Math.floor(order.reservedUntil!.getTime() / 1000));
  expect(order.reservedUntil!.getTime() - Date.now()).toBeGreaterThan(30 * 60_000);
  expect(order.reservedUntil!.getTime() - Date.now()).toBeLessThan(32 * 60_000);
  expect(await subjects(email)).toEqual([]);
});

test("the same key sent twice makes one order and one payment page", async () => {
  const first = await cardOrder(1, { key: "card-key-1" });
  const again = await shop.services.checkout.placeOrder(scope, { customerId: null, bag: first.bag }, first.body, {
    idempotencyKey: "card-key-1",
  });
  expect(again.replayed).toBe(true);
  expect(again.order.number).toBe(first.order.number);
  expect(again.paymentUrl).toBe(first.paymentUrl);
  const opened = [...stripe.sessions.values()].filter((s) => s.client_reference_id === first.order.number);
  expect(opened).toHaveLength(1);
});

test("paid: the signed webhook marks the order paid and mails the confirmation; the same event again changes nothing", async () => {
  const { order, email } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  await stripe.pay(sessionId);
  await stripe.settled();
  const paid = await orderNamed(order.number);
  expect(paid.status).toBe("paid");
  expect(paid.reservedUntil).toBeNull();
  expect((await paymentOf(order)).status).toBe("paid");
  expect(await subjects(email)).toEqual([`Your order ${order.number} at Safe Hands`]);

  const completed = stripe.events.find((e) => e.type === "checkout.session.completed" && e.body.includes(sessionId))!;
  expect(await stripe.resend(completed.id)).toBe(200);
  expect(await stripe.resend(completed.id)).toBe(200);
  expect(await history(paid)).toEqual(["awaiting_payment: Order placed", "paid: Paid by card"]);
  expect(await subjects(email)).toHaveLength(1);
});

test("a payment that fails cancels the order and gives its stock back once, whatever order the events come in", async () => {
  const before = await stock();
  const { order, email } = await cardOrder(3);
  stripe.hold();
  await stripe.fail(await sessionOf(order));
  // async_payment_failed first, then completed (unpaid), each twice.
  await stripe.release({ reverse: true, duplicate: true });
  const failed = await orderNamed(order.number);
  expect(failed.status).toBe("cancelled");
  expect(await stock()).toBe(before);
  expect((await paymentOf(order)).status).toBe("failed");
  expect(await history(failed)).toEqual(["awaiting_payment: Order placed", "cancelled: The payment did not go through"]);
  expect(await subjects(email)).toEqual([`Your order ${order.number} has been cancelled`]);
});

test("a refund told before the payment it belongs to is asked again, and then counts once", async () => {
  const { order, email } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  stripe.hold();
  await stripe.pay(sessionId);
  // A refund made in Stripe's dashboard before the shop heard of the payment.
  const session = stripe.sessions.get(sessionId)!;
  await fetch(`${stripe.url}/v1/refunds`, {
    method: "POST",
    headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: `payment_intent=${session.payment_intent}&amount=500`,
  });
  await stripe.release({ reverse: true });
  // Stripe is told "not now" for the refund, "done" for the payment.
  expect(stripe.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
    ["charge.refunded", 500],
    ["checkout.session.completed", 200],
  ]);
  const refundEvent = stripe.events.find((e) => e.type === "charge.refunded" && e.body.includes(session.payment_intent!))!;
  expect(await stripe.resend(refundEvent.id)).toBe(200);
  expect(await stripe.resend(refundEvent.id)).toBe(200);
  const now = await orderNamed(order.number);
  expect(now.status).toBe("paid");
  expect(now.refunded).toBe(500);
  expect(await subjects(email)).toEqual([
    `Your order ${order.number} at Safe Hands`,
    `We refunded €5.00 for order ${order.number}`,
  ]);
});

test("a payment that arrives after the order was cancelled is refunded in full, once", async () => {
  const before = await stock();
  const { order, email } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  stripe.hold();
  await stripe.pay(sessionId);
  // The order was cancelled before the payment's webhook came (its reservation ended meanwhile).
  await withTransaction(systemScope(db()), async ({ db: tx }) =>
    cancelOrder(tx, await lockOrder(tx, order.number), "Not paid in time"),
  );
  await stripe.release({ duplicate: true });
  const late = await orderNamed(order.number);
  expect(late.status).toBe("cancelled");
  expect(late.refunded).toBe(order.total);
  expect(await stock()).toBe(before);
  expect((await paymentOf(order)).status).toBe("refunded");
  const charge = stripe.events.filter(
    (e) => e.type === "charge.refunded" && e.body.includes(stripe.sessions.get(sessionId)!.payment_intent!),
  );
  expect(charge).toHaveLength(1);
  await stripe.settled();
  expect(await subjects(email)).toEqual([`Your order ${order.number} has been cancelled`]);
  expect(await history(late)).toEqual([
    "awaiting_payment: Order placed",
    "cancelled: Not paid in time",
    "cancelled: The card payment arrived after the order was cancelled: refunded in full",
  ]);
});

test("an expired payment page cancels the order; an expiry told after the payment changes nothing", async () => {
  const before = await stock();
  const { order } = await cardOrder(2);
  await stripe.expire(await sessionOf(order));
  await stripe.settled();
  expect((await orderNamed(order.number)).status).toBe("cancelled");
  expect(await stock()).toBe(before);

  const paid = await cardOrder(1);
  const sessionId = await sessionOf(paid.order);
  await stripe.pay(sessionId);
  await stripe.settled();
  // Stripe never expires a paid page, but a forged-late expiry event must not undo a payment.
  const completed = stripe.events.find((e) => e.type === "checkout.session.completed" && e.body.includes(sessionId))!;
  const expired = completed.body
    .replace('"checkout.session.completed"', '"checkout.session.expired"')
    .replace(/evt_test_\w+/, "evt_test_forgedexpiry");
  expect(await stripe.sendRaw(expired, signWebhook(expired, WEBHOOK_SECRET))).toBe(200);
  expect((await orderNamed(paid.order.number)).status).toBe("paid");
});

test("a webhook without a valid signature is refused with 400 and changes nothing", async () => {
  const { order } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  const body = JSON.stringify({
    id: "evt_test_forged",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid", payment_intent: "pi_forged" } },
  });
  const stale = Math.floor(Date.now() / 1000) - 600;
  expect(await stripe.sendRaw(body, signWebhook(body, "whsec_someoneelse000000"))).toBe(400);
  expect(await stripe.sendRaw(body, signWebhook(body, WEBHOOK_SECRET, stale))).toBe(400);
  expect(await stripe.sendRaw(body, "")).toBe(400);
  const tampered = signWebhook(body, WEBHOOK_SECRET);
  expect(await stripe.sendRaw(body.replace("pi_forged", "pi_forged2"), tampered)).toBe(400);
  expect((await orderNamed(order.number)).status).toBe("awaiting_payment");
  const answer = await app.request("/webhooks/stripe", { method: "POST", body, headers: { "stripe-signature": "t=1,v1=00" } });
  expect(await answer.json()).toMatchObject({ data: null, error: { status: 400, name: "ValidationError" } });
});

test("a signed completed page that took another amount or currency does not pay the order: held for the staff, in its history, logged", async () => {
  const cases = [
    { change: { amount_total: 1 }, took: "€0.01" },
    { change: { currency: "usd" }, took: null },
  ];
  for (const { change, took } of cases) {
    const { order, email } = await cardOrder(1);
    const sessionId = await sessionOf(order);
    // Stripe's page took something else than the shop asked for (as if the session were altered).
    Object.assign(stripe.sessions.get(sessionId)!, change);
    logged.length = 0;
    await stripe.pay(sessionId);
    await stripe.settled();
    const completed = stripe.deliveries.filter((d) => d.type === "checkout.session.completed").at(-1)!;
    expect(completed.status).toBe(200);
    const after = await orderNamed(order.number);
    expect(after.status).toBe("awaiting_payment");
    // Its stock stays held for the staff's decision: no expiry or sweep cancels it meanwhile.
    expect(after.reservedUntil).toBeNull();
    const payment = await paymentOf(order);
    expect(payment.status).toBe("mismatch");
    expect(await subjects(email)).toEqual([]);
    const expected = { amount: order.total, currency: "EUR" };
    const charged = { amount: change.amount_total ?? order.total, currency: change.currency?.toUpperCase() ?? "EUR" };
    expect(logged).toEqual([
      { message: "card payment does not match its order", fields: { order: order.number, sessionId, expected, charged } },
    ]);
    // The staff see it in the order's answer (its history).
    const view = await shop.services.orders.view(scope, after);
    expect(view.history.at(-1)!.note).toMatch(
      new RegExp(`^${MISMATCH_NOTE}: Stripe took .+ where the order's total is .+\\. Not marked paid`),
    );
    if (took) expect(view.history.at(-1)!.note).toContain(`took ${took} `);
    // Told again (Stripe's retry) or settled by the sweep, nothing changes.
    const event = stripe.events.filter((e) => e.type === "checkout.session.completed").at(-1)!;
    expect(await stripe.resend(event.id)).toBe(200);
    expect((await orderNamed(order.number)).status).toBe("awaiting_payment");
    // The staff give it back (the next test looks at that): its stock is free for the tests after.
    await shop.services.payments.cancel(scope, order.number);
    await stripe.settled();
  }
});

test("the staff cancel an order whose payment was held as a mismatch: cancelled, stock back, all Stripe took refunded once", async () => {
  const before = await stock();
  const { order } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  stripe.sessions.get(sessionId)!.amount_total = order.total - 100;
  await stripe.pay(sessionId);
  await stripe.settled();
  expect((await paymentOf(order)).status).toBe("mismatch");
  const cancelled = await shop.services.payments.cancel(scope, order.number);
  await stripe.settled();
  expect(cancelled.status).toBe("cancelled");
  expect(await stock()).toBe(before);
  expect((await paymentOf(order)).status).toBe("refunded");
  const paymentRef = (await paymentOf(order)).providerPaymentRef!;
  const refunds = stripe.events.filter((e) => e.type === "charge.refunded" && e.body.includes(paymentRef));
  expect(refunds).toHaveLength(1);
  expect(JSON.parse(refunds[0]!.body).data.object.amount_refunded).toBe(order.total - 100);
  const final = await orderNamed(order.number);
  expect(final.refunded).toBe(0);
  expect((await history(final)).at(-1)).toBe(
    `cancelled: Refunded the ${formatMoney(order.total - 100, "EUR")} Stripe took for it`,
  );
  await expect(shop.services.payments.cancel(scope, order.number)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
});

/** A refund made in Stripe's dashboard (its API, as the dashboard calls it): Stripe then sends a signed charge.refunded. */
async function dashboardRefund(paymentRef: string, amount?: number) {
  const form = new URLSearchParams({ payment_intent: paymentRef, ...(amount !== undefined && { amount: String(amount) }) });
  const answer = await fetch(`${stripe.url}/v1/refunds`, {
    method: "POST",
    headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  expect(answer.status).toBe(200);
  await stripe.settled();
}

/** The staff's cancel, with the Stripe requests it made; one that keeps asking is stopped (its page forgotten) and fails the test. */
async function boundedCancel(number: string, sessionId: string) {
  const start = stripe.requests;
  const watchdog = setInterval(() => {
    if (stripe.requests - start > 20) stripe.sessions.delete(sessionId);
  }, 5);
  try {
    const result = await shop.services.payments.cancel(scope, number).then(
      (order) => ({ order, error: null }),
      (error: unknown) => ({ order: null, error }),
    );
    await stripe.settled();
    return { ...result, requests: stripe.requests - start };
  } finally {
    clearInterval(watchdog);
  }
}

test("a held mismatch refunded in Stripe's dashboard, all of it or a part, then cancelled by the staff: cancelled, stock back, only what Stripe still held refunded, Stripe asked at most once", async () => {
  for (const part of [null, 100]) {
    const before = await stock();
    const { order } = await cardOrder(1);
    const sessionId = await sessionOf(order);
    const taken = order.total + 300;
    stripe.sessions.get(sessionId)!.amount_total = taken;
    await stripe.pay(sessionId);
    await stripe.settled();
    expect((await paymentOf(order)).status).toBe("mismatch");
    const paymentRef = (await paymentOf(order)).providerPaymentRef!;
    // The staff see the note and refund in Stripe's dashboard: all Stripe took, or the difference only.
    await dashboardRefund(paymentRef, part ?? undefined);
    const told = stripe.deliveries.filter((d) => d.type === "charge.refunded").at(-1)!;
    expect(told.status).toBe(200);
    const held = await paymentOf(order);
    expect(held.status).toBe(part === null ? "refunded" : "mismatch");
    expect((await history(await orderNamed(order.number))).at(-1)).toBe(
      part === null
        ? `awaiting_payment: Refunded the ${formatMoney(taken, "EUR")} Stripe took for it`
        : `awaiting_payment: Refunded ${formatMoney(part, "EUR")} of the ${formatMoney(taken, "EUR")} Stripe took for it; the rest is still held`,
    );

    // Then they press Cancel in the shop.
    const { order: cancelled, error, requests } = await boundedCancel(order.number, sessionId);
    expect(error).toBeNull();
    expect(cancelled!.status).toBe("cancelled");
    // Nothing refunded twice: a full refund needs no request, a part one the rest, once.
    expect(requests).toBe(part === null ? 0 : 1);
    expect(await stock()).toBe(before);
    expect((await paymentOf(order)).status).toBe("refunded");
    const refunds = stripe.events.filter((e) => e.type === "charge.refunded" && e.body.includes(paymentRef));
    expect(refunds.map((e) => JSON.parse(e.body).data.object.amount_refunded)).toEqual(part === null ? [taken] : [part, taken]);
    const final = await orderNamed(order.number);
    expect(final.refunded).toBe(0);
    expect(final.status).toBe("cancelled");
    const notes = await history(final);
    if (part !== null) {
      // Told once, by the cancel or by Stripe's webhook of its refund, whichever is recorded first.
      const rest = `Refunded the remaining ${formatMoney(taken - part, "EUR")} of the ${formatMoney(taken, "EUR")} Stripe took for it`;
      const all = `Refunded the ${formatMoney(taken, "EUR")} Stripe took for it`;
      expect(notes.filter((n) => n.endsWith(rest) || n.endsWith(all))).toHaveLength(1);
    }
    // Cancelled once: a second press is refused, without asking Stripe.
    const again = await boundedCancel(order.number, sessionId);
    expect(again.error).toMatchObject({ code: "INVALID_TRANSITION" });
    expect(again.requests).toBe(0);
  }
});

test("a held mismatch for which Stripe named no payment: the staff's cancel cancels the order, refunds nothing and records no refund, and says to refund it in Stripe", async () => {
  const before = await stock();
  const { order } = await cardOrder(1);
  const sessionId = await sessionOf(order);
  stripe.sessions.get(sessionId)!.amount_total = order.total + 300;
  stripe.hold();
  await stripe.pay(sessionId);
  const completed = stripe.events.filter((e) => e.type === "checkout.session.completed").at(-1)!;
  completed.body = completed.body.replace(/"payment_intent":"pi_[A-Za-z0-9_]+"/, '"payment_intent":null');
  await stripe.release();
  const held = await paymentOf(order);
  expect(held.status).toBe("mismatch");
  expect(held.providerPaymentRef).toBeNull();
  const { order: cancelled, error, requests } = await boundedCancel(order.number, sessionId);
  expect(error).toBeNull();
  expect(cancelled!.status).toBe("cancelled");
  expect(requests).toBe(0);
  expect(await stock()).toBe(before);
  // Still held: the shop did not give it back, and does not say it did.
  expect((await paymentOf(order)).status).toBe("mismatch");
  const notes = await history(await orderNamed(order.number));
  expect(notes.some((n) => n.startsWith("cancelled: Refunded"))).toBe(false);
  const note = `Stripe named no payment for the ${formatMoney(order.total + 300, "EUR")} it took, so the shop refunded nothing: refund it in Stripe's dashboard`;
  expect(notes.at(-1)).toBe(`cancelled: ${note}`);
  const again = await boundedCancel(order.number, sessionId);
  expect(again.error).toMatchObject({
    code: "INVALID_TRANSITION",
    message: expect.stringContaining("refund it in Stripe's dashboard"),
  });
});

test("a signed event that cannot be read (no data, no id) is 400, not 500, and changes nothing", async () => {
  const { order } = await cardOrder(1);
  const bodies = [
    { id: "evt_test_nodata", object: "event", type: "checkout.session.completed" },
    { id: "evt_test_nullobject", object: "event", type: "checkout.session.expired", data: { object: null } },
    { id: "evt_test_nocharge", object: "event", type: "charge.refunded", data: {} },
    {
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: await sessionOf(order), payment_status: "paid" } },
    },
  ];
  logged.length = 0;
  for (const event of bodies) {
    const body = JSON.stringify(event);
    const answer = await app.request("/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signWebhook(body, WEBHOOK_SECRET) },
      body,
    });
    expect({ event: event.id, status: answer.status }).toEqual({ event: event.id, status: 400 });
    expect(await answer.json()).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError", message: expect.stringMatching(/^The webhook's event cannot be read: /) },
    });
  }
  expect((await orderNamed(order.number)).status).toBe("awaiting_payment");
  expect(logged).toEqual([]);
});

test("the staff's refunds go through Stripe; its webhook afterwards counts nothing twice", async () => {
  const { order, email } = await cardOrder(2);
  await stripe.pay(await sessionOf(order));
  await stripe.settled();
  const part = await shop.services.staff.refund(scope, order.number, { amount: 1000 });
  expect(part.refunded).toBe(1000);
  await stripe.settled();
  const charge = stripe.events.filter((e) => e.type === "charge.refunded").at(-1)!;
  expect(JSON.parse(charge.body).data.object.amount_refunded).toBe(1000);
  expect((await orderNamed(order.number)).refunded).toBe(1000);

  // Cancelling the paid order refunds the rest at Stripe.
  const cancelled = await shop.services.staff.cancel(scope, order.number, {});
  expect(cancelled.status).toBe("cancelled");
  expect(cancelled.refunded).toBe(order.total);
  await stripe.settled();
  expect((await orderNamed(order.number)).refunded).toBe(order.total);
  expect(await subjects(email)).toEqual([
    `Your order ${order.number} at Safe Hands`,
    `We refunded €10.00 for order ${order.number}`,
    `Your order ${order.number} has been cancelled`,
  ]);
});

test("a shopper who gives up paying: the page is closed at Stripe, the order cancelled, the stock back", async () => {
  const before = await stock();
  const { order, bag } = await cardOrder(1);
  const { order: after, cancelled, back } = await shop.services.payments.abandon(scope, order, bag);
  expect(cancelled).toBe(true);
  // Its item is back in the shopper's bag.
  expect(back).toEqual({ added: 1, missed: [] });
  expect((await shop.services.cart.get(scope, bag))!.lines.map((l) => [l.variantId, l.quantity])).toEqual([[option, 1]]);
  expect(after.status).toBe("cancelled");
  expect(await stock()).toBe(before);
  expect(stripe.sessions.get(await sessionOf(order))!.status).toBe("expired");
  await stripe.settled();
  // A second click cancels nothing more (the page puts the items back in the bag only once).
  expect(await shop.services.payments.abandon(scope, order.number, bag)).toMatchObject({
    cancelled: false,
    back: { added: 0, missed: [] },
  });
  expect((await shop.services.cart.get(scope, bag))!.lines.map((l) => l.quantity)).toEqual([1]);
  expect(await history(after)).toEqual([
    "awaiting_payment: Order placed",
    "cancelled: The card payment was not completed",
    "cancelled: The shopper gave up paying; the items went back to the bag",
  ]);
});

test("the sweep settles pages whose webhook never came: paid after all, or closed and cancelled", async () => {
  const paid = await cardOrder(1);
  const open = await cardOrder(1);
  stripe.hold();
  await stripe.pay(await sessionOf(paid.order));
  const later = new Date(Date.now() + 40 * 60_000);
  // Two sweeps at once are one: Stripe is asked once per page.
  const first = shop.services.payments.sweep(scope, later);
  expect(shop.services.payments.sweep(scope, later)).toBe(first);
  await first;
  expect((await orderNamed(paid.order.number)).status).toBe("paid");
  expect((await orderNamed(open.order.number)).status).toBe("cancelled");
  // The held webhooks arrive after all: nothing changes twice.
  await stripe.release({ duplicate: true });
  expect(await history(await orderNamed(paid.order.number))).toEqual(["awaiting_payment: Order placed", "paid: Paid by card"]);
  expect(await history(await orderNamed(open.order.number))).toEqual([
    "awaiting_payment: Order placed",
    "cancelled: The card payment was not completed",
  ]);
});

test("a full refund by the staff ends as refunded, told once, however fast Stripe's webhook comes back", async () => {
  const before = await stock();
  const { order, email } = await cardOrder(1);
  await stripe.pay(await sessionOf(order));
  await stripe.settled();
  const refunded = await shop.services.staff.refund(scope, order.number, {});
  await stripe.settled();
  expect(refunded.status).toBe("refunded");
  expect((await orderNamed(order.number)).refunded).toBe(order.total);
  expect((await paymentOf(order)).status).toBe("refunded");
  // Refunded before it was sent: the item is back on sale.
  expect(await stock()).toBe(before);
  expect(await subjects(email)).toEqual([
    `Your order ${order.number} at Safe Hands`,
    `We refunded ${formatMoney(order.total, "EUR")} for order ${order.number}`,
  ]);
});

test("the shop API answers a card order with the payment page to send the shopper to, and the same again for its key", async () => {
  const cart = (await (await app.request("/ecommerce/carts", { method: "POST" })).json()) as { data: { id: string } };
  await app.request(`/ecommerce/carts/${cart.data.id}/lines`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ variantId: option, quantity: 1 }),
  });
  const order = {
    cartId: cart.data.id,
    email: "api-card@example.com",
    shippingAddress: DUTCH_ADDRESS,
    deliveryMethod: "home-standard",
    paymentMethod: "stripe",
  };
  const place = () =>
    app.request("/ecommerce/orders", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "api-card-1" },
      body: JSON.stringify(order),
    });
  const first = await place();
  expect(first.status).toBe(201);
  const placed = (await first.json()) as {
    data: { number: string; payment: { method: string; card: { url: string; payBy: string } } };
  };
  expect(placed.data.payment.method).toBe("stripe");
  expect(placed.data.payment.card.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  const again = await place();
  expect(again.status).toBe(200);
  expect(((await again.json()) as typeof placed).data.payment.card).toEqual(placed.data.payment.card);
});

test("a payment page that could not be opened at placing opens later with its full time, and the order keeps its stock that long", async () => {
  const { order } = await cardOrder(1);
  // As if the provider could not be reached when the order was placed, twenty minutes ago.
  await db().update(payments).set({ providerRef: null, redirectUrl: null }).where(eq(payments.orderId, order.id));
  const soon = new Date(Date.now() + 11 * 60_000);
  await db().update(orders).set({ reservedUntil: soon }).where(eq(orders.id, order.id));
  const url = await shop.services.payments.payPage(scope, order.number);
  expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  const session = stripe.sessions.get(await sessionOf(order))!;
  expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 29 * 60_000);
  expect((await orderNamed(order.number)).reservedUntil!.getTime()).toBe(session.expires_at * 1000);
  // Once the reservation has ended, no page opens.
  const late = await cardOrder(1);
  await db().update(payments).set({ providerRef: null, redirectUrl: null }).where(eq(payments.orderId, late.order.id));
  await db()
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(eq(orders.id, late.order.id));
  await expect(shop.services.payments.payPage(scope, late.order.number)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
});

test("a card order is marked paid by Stripe alone, and refunded through it alone", async () => {
  const { order } = await cardOrder(1);
  await expect(shop.services.staff.markPaid(scope, order.number)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
  await stripe.pay(await sessionOf(order));
  await stripe.settled();
  // The orders module on its own (no provider at hand) refuses to record a card refund.
  const { createStaffOperations } = await import("../orders/staff.ts");
  const bare = createStaffOperations({ siteName: "Safe Hands", orderLink: (n) => n, money: formatMoney });
  await expect(bare.refund(scope, order.number, {})).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
  await expect(bare.cancel(scope, order.number, {})).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
  expect((await orderNamed(order.number)).refunded).toBe(0);
});

test("a payment that settles later keeps the order once, for days; still unsettled then, the order goes and its stock comes back", async () => {
  // Earlier tests' open orders are settled first, so the stock below is this order's alone.
  await shop.services.payments.sweep(scope, new Date(Date.now() + 40 * 60_000));
  const before = await stock();
  const { order, email } = await cardOrder(1);
  const session = await sessionOf(order);
  stripe.hold();
  // The shopper pays with a method that settles later (which, this time, will fail); only the
  // completion is told now.
  await stripe.fail(session);
  const completed = stripe.events.find((e) => e.type === "checkout.session.completed" && e.body.includes(session))!;
  await stripe.resend(completed.id);
  const waiting = await orderNamed(order.number);
  expect(waiting.status).toBe("awaiting_payment");
  expect(waiting.reservedUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  expect((await paymentOf(order)).status).toBe("processing");
  // Told again, the completion adds no more days.
  await stripe.resend(completed.id);
  expect((await orderNamed(order.number)).reservedUntil).toEqual(waiting.reservedUntil);
  // The page's own time ends: the sweep leaves a payment that is settling alone.
  await shop.services.payments.sweep(scope, new Date(Date.now() + 40 * 60_000));
  expect((await orderNamed(order.number)).status).toBe("awaiting_payment");
  // Its days end with no word of it: the sweep cancels the order, once, and tells the buyer.
  await db()
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(eq(orders.id, order.id));
  await shop.services.payments.sweep(scope);
  expect((await orderNamed(order.number)).status).toBe("cancelled");
  expect(await stock()).toBe(before);
  expect(await subjects(email)).toEqual([`Your order ${order.number} has been cancelled`]);
  // The failure told late changes nothing twice.
  await stripe.release({ duplicate: true });
  await shop.services.payments.sweep(scope);
  expect(await history(await orderNamed(order.number))).toEqual([
    "awaiting_payment: Order placed",
    "cancelled: The payment did not arrive in time",
  ]);
  expect((await paymentOf(order)).status).toBe("failed");
});

test("a paid card order cancelled while Stripe cannot refund: cancelled and told at once, refunded by the sweep later, once", async () => {
  const before = await stock();
  const { order, email } = await cardOrder(1);
  await stripe.pay(await sessionOf(order));
  await stripe.settled();
  stripe.refundsDown = true;
  try {
    await expect(shop.services.staff.cancel(scope, order.number, {})).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
  } finally {
    stripe.refundsDown = false;
  }
  expect(await orderNamed(order.number)).toMatchObject({ status: "cancelled", refunded: 0 });
  expect(await stock()).toBe(before);
  const cancelledMail = `Your order ${order.number} has been cancelled`;
  expect((await subjects(email)).filter((subject) => subject === cancelledMail)).toHaveLength(1);
  // Stripe is back: the sweep finishes the refund, and the next one owes nothing.
  await shop.services.payments.sweep(scope);
  await stripe.settled();
  await shop.services.payments.sweep(scope);
  await stripe.settled();
  expect(await orderNamed(order.number)).toMatchObject({ status: "cancelled", refunded: order.total });
  expect((await paymentOf(order)).status).toBe("refunded");
  expect((await history(await orderNamed(order.number))).filter((line) => line.includes("Refunded"))).toEqual([
    "cancelled: Refunded through Stripe",
  ]);
  expect((await subjects(email)).filter((subject) => subject === cancelledMail)).toHaveLength(1);
});

test("the staff cancelling an unpaid card order whose page was paid meanwhile: recorded as paid, then cancelled and refunded", async () => {
  const { order } = await cardOrder(1);
  stripe.hold();
  await stripe.pay(await sessionOf(order));
  const cancelled = await shop.services.staff.cancel(scope, order.number, {});
  expect(cancelled).toMatchObject({ status: "cancelled", refunded: order.total });
  await stripe.release({ duplicate: true });
  await stripe.settled();
  expect(await history(await orderNamed(order.number))).toEqual([
    "awaiting_payment: Order placed",
    "paid: Paid by card",
    "cancelled: Cancelled by the shop",
    "cancelled: Refunded through Stripe",
  ]);
  expect((await paymentOf(order)).status).toBe("refunded");
});

test("a shop without card payments refuses Stripe's webhooks as unknown", async () => {
  const { createPayments } = await import("./index.ts");
  const none = createPayments({
    provider: null,
    siteName: "Safe Hands",
    reservationDays: 7,
    checkoutMinutes: 30,
    orderLink: (n) => n,
    money: formatMoney,
    staff: shop.services.staff,
    bags: shop.services.cart,
  });
  await expect(none.webhook(scope, "{}", "t=1,v1=00")).rejects.toMatchObject({ code: "UNKNOWN_PROVIDER" });
  expect(await none.sweep(scope)).toBe(0);
});

test("a paid plan paid by card starts with the webhook, once however often it is told (ADR 42)", async () => {
  buyers += 1;
  const [user] = await db()
    .insert(users)
    .values({ username: `card-member-${buyers}`, email: `card-member-${buyers}@example.com` })
    .returning({ id: users.id });
  const bag = { customerId: user!.id };
  await shop.services.cart.putMembership(scope, bag, { plan: "pro" });
  const body = { email: `card-member-${buyers}@example.com`, shippingAddress: DUTCH_ADDRESS, paymentMethod: "stripe" };
  const { order } = await shop.services.checkout.placeOrder(scope, { customerId: user!.id, bag }, body);
  expect(order).toMatchObject({ total: 4900, shipping: 0, deliveryMethodId: null });
  const sessionId = await sessionOf(order);
  expect(stripe.sessions.get(sessionId)!.amount_total).toBe(4900);
  await stripe.pay(sessionId);
  await stripe.settled();
  expect((await orderNamed(order.number)).status).toBe("paid");
  const completed = stripe.events.find((e) => e.type === "checkout.session.completed" && e.body.includes(sessionId))!;
  expect(await stripe.resend(completed.id)).toBe(200);
  const rows = await db().select().from(memberships).where(eq(memberships.userId, user!.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ active: true, orderId: order.id });
  expect((await shop.services.membership.status(user!.id))?.plan.slug).toBe("pro");
});

test("a member who gives up paying gets their items back by their own rules (early access)", async () => {
  const { order, bag } = await cardOrder(1);
  const [variant] = await db().select({ productId: variants.productId }).from(variants).where(eq(variants.id, option));
  const publicAt = sql`(select public_at from products where id = ${variant!.productId})`;
  const [kept] = await queryRows<{ at: string | null }>(db(), sql`select ${publicAt} as at`);
  // Early access only from now: a guest could not put it in the bag, an early-access member can.
  await db().execute(sql`update products set public_at = now() + interval '7 days' where id = ${variant!.productId}`);
  try {
    const member = { member: true, planSlug: "pro", discountBasisPoints: 0, freeDelivery: false, earlyAccess: true };
    const { cancelled, back } = await shop.services.payments.abandon(scope, order, bag, member);
    expect(cancelled).toBe(true);
    expect(back).toEqual({ added: 1, missed: [] });
  } finally {
    await db().execute(sql`update products set public_at = ${kept!.at} where id = ${variant!.productId}`);
  }
});
