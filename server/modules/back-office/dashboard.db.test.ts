import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { newCustomerId } from "../../../tests/support/customers-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import {
  membershipPlans,
  memberships,
  orderEvents,
  orders,
  payments,
  products,
  stockAlerts,
  users,
  variants,
  type Order,
} from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { LATE_PAYMENT_NOTE } from "../payments/index.ts";
import { createBackOffice, type BackOffice } from "./index.ts";

/*
 * The owner's dashboard (issue 24 §3) over orders of known amounts at known times: the figures of
 * each period, the daily revenue, and the queues. "Now" is fixed, so the UTC days are known.
 */

const NOW = new Date("2031-03-15T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const daysAgo = (days: number) => hoursAgo(days * 24);

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;
let serial = 0;

type Made = Partial<typeof orders.$inferInsert> & { total: number; placed: Date };

/** An order as a row: the dashboard reads only its columns. */
async function order(made: Made): Promise<Order> {
  serial += 1;
  const { placed, ...rest } = made;
  const [row] = await shop.database.db
    .insert(orders)
    .values({
      number: `KS-7${String(serial).padStart(5, "0")}`,
      email: `buyer${serial}@example.com`,
      currency: "EUR",
      subtotal: made.total,
      deliveryMethodName: "Standard delivery",
      deliveryAddress: JSON.stringify({ firstName: "Buyer", lastName: `No${serial}`, country: "NL" }),
      createdAt: placed,
      ...rest,
    })
    .returning();
  return row!;
}

let sold: Record<
  "today" | "todayUnpaid" | "yesterday" | "week" | "cancelled" | "refunded" | "month" | "older" | "membershipOnly" | "dollars",
  Order
>;

beforeAll(async () => {
  shop = await seededShop(4);
  scope = systemScope(shop.database.db);
  office = createBackOffice({ currency: "EUR", cardPayments: true });
  // Prices include VAT: 12100 holds 2100 of VAT at 21 %.
  sold = {
    today: await order({ total: 12100, tax: 2100, status: "paid", placed: hoursAgo(2) }),
    todayUnpaid: await order({
      total: 5000,
      tax: 868,
      status: "awaiting_payment",
      placed: hoursAgo(1),
      reservedUntil: new Date(NOW.getTime() + 2.5 * 86_400_000),
      paymentReference: "KS-REF-1",
    }),
    // Yesterday, refunded in part: 2420 of 24200 back, so 90 % of its VAT is kept.
    yesterday: await order({ total: 24200, tax: 4200, refunded: 2420, status: "delivered", placed: daysAgo(1) }),
    week: await order({ total: 6050, tax: 1050, status: "shipped", placed: daysAgo(6) }),
    cancelled: await order({ total: 9999, tax: 1735, status: "cancelled", placed: daysAgo(3) }),
    refunded: await order({ total: 3000, tax: 521, refunded: 3000, status: "refunded", placed: daysAgo(4) }),
    month: await order({ total: 1210, tax: 210, status: "delivered", placed: daysAgo(29) }),
    older: await order({ total: 99900, tax: 17338, status: "delivered", placed: daysAgo(30) }),
    // A membership alone: paid, nothing to send, so not in the queue of orders to ship.
    membershipOnly: await order({ total: 2500, tax: 434, status: "paid", placed: daysAgo(2), deliveryMethodName: null }),
    // Another currency is not added to euros.
    dollars: await order({ total: 5000, tax: 0, status: "paid", currency: "USD", placed: hoursAgo(3) }),
  };
});

afterAll(async () => {
  await shop?.close();
});

test("today, 7 and 30 days: paid orders that stand are sales; unpaid, cancelled and refunded ones are told apart", async () => {
  const board = await office.dashboard(scope, {}, NOW);
  expect(board).toMatchObject({ asOf: NOW.toISOString(), currency: "EUR" });
  expect(board.today).toMatchObject({
    orders: 1,
    revenue: 12100,
    vat: 2100,
    revenueExVat: 10000,
    averageOrder: 12100,
    awaitingPayment: { orders: 1, total: 5000 },
    cancelled: 0,
    refunded: 0,
  });
  // Today, yesterday (21780 kept, 3780 of its VAT), the membership (2500) and six days ago.
  const weekRevenue = 12100 + 21780 + 2500 + 6050;
  const weekVat = 2100 + 3780 + 434 + 1050;
  expect(board.last7Days).toMatchObject({
    orders: 4,
    revenue: weekRevenue,
    vat: weekVat,
    revenueExVat: weekRevenue - weekVat,
    averageOrder: Math.round(weekRevenue / 4),
    awaitingPayment: { orders: 1, total: 5000 },
    cancelled: 1,
    refunded: 2420 + 3000,
  });
  expect(board.last30Days).toMatchObject({ orders: 5, revenue: weekRevenue + 1210, vat: weekVat + 210 });
});

test("daily revenue: 30 days, oldest first, today last, every day present", async () => {
  const { dailyRevenue } = await office.dashboard(scope, {}, NOW);
  expect(dailyRevenue).toHaveLength(30);
  expect(dailyRevenue[0]).toEqual({ day: "2031-02-14", orders: 1, revenue: 1210, revenueExVat: 1000 });
  expect(dailyRevenue.at(-1)).toEqual({ day: "2031-03-15", orders: 1, revenue: 12100, revenueExVat: 10000 });
  expect(dailyRevenue.at(-2)).toEqual({ day: "2031-03-14", orders: 1, revenue: 21780, revenueExVat: 18000 });
  expect(dailyRevenue[1]).toEqual({ day: "2031-02-15", orders: 0, revenue: 0, revenueExVat: 0 });
  expect(dailyRevenue.reduce((sum, day) => sum + day.revenue, 0)).toBe(
    (await office.dashboard(scope, {}, NOW)).last30Days.revenue,
  );
});

test("new members and new customers of each period", async () => {
  const customer = await newCustomerId(shop.database.db);
  const other = await newCustomerId(shop.database.db);
  await shop.database.db
    .update(users)
    .set({ createdAt: hoursAgo(5) })
    .where(eq(users.id, customer));
  await shop.database.db
    .update(users)
    .set({ createdAt: daysAgo(10) })
    .where(eq(users.id, other));
  const [plan] = await shop.database.db.select().from(membershipPlans).limit(1);
  await shop.database.db.insert(memberships).values({ userId: customer, planId: plan!.id, createdAt: hoursAgo(4) });
  const board = await office.dashboard(scope, {}, NOW);
  expect([board.today.newCustomers, board.last7Days.newCustomers, board.last30Days.newCustomers]).toEqual([1, 1, 2]);
  expect([board.today.newMembers, board.last7Days.newMembers, board.last30Days.newMembers]).toEqual([1, 1, 1]);
});

test("queues: transfers awaiting payment with days left, paid orders to ship, oldest first", async () => {
  const { queues } = await office.dashboard(scope, {}, NOW);
  expect(queues.awaitingTransfers).toEqual({
    total: 1,
    rows: [
      {
        number: sold.todayUnpaid.number,
        placedAt: hoursAgo(1).toISOString(),
        customerName: expect.stringMatching(/^Buyer No/),
        email: sold.todayUnpaid.email,
        total: 5000,
        currency: "EUR",
        reference: "KS-REF-1",
        holdUntil: new Date(NOW.getTime() + 2.5 * 86_400_000).toISOString(),
        daysLeft: 3,
      },
    ],
  });
  expect(queues.toShip.rows.map((row) => row.number)).toEqual([sold.dollars.number, sold.today.number]);
  expect(queues.toShip.total).toBe(2);
  const small = await office.dashboard(scope, { queueSize: "1" }, NOW);
  expect(small.queues.toShip).toMatchObject({ total: 2, rows: [{ number: sold.dollars.number }] });
});

test("card payments needing attention: a held mismatch, a refund still owed, a late payment refunded", async () => {
  const held = await order({ total: 4000, tax: 694, status: "awaiting_payment", paymentMethod: "stripe", placed: daysAgo(1) });
  const owed = await order({ total: 7000, tax: 1215, status: "cancelled", paymentMethod: "stripe", placed: daysAgo(2) });
  // Its refund, recorded with the late payment, changed the order then.
  const late = await order({
    total: 3000,
    tax: 521,
    refunded: 3000,
    status: "cancelled",
    paymentMethod: "stripe",
    placed: daysAgo(9),
    updatedAt: daysAgo(8),
  });
  await shop.database.db.insert(payments).values([
    {
      orderId: held.id,
      provider: "stripe",
      status: "mismatch",
      amount: 3500,
      currency: "EUR",
      providerRef: "cs_held",
      updatedAt: hoursAgo(20),
    },
    {
      orderId: owed.id,
      provider: "stripe",
      status: "paid",
      amount: 7000,
      currency: "EUR",
      providerRef: "cs_owed",
      providerPaymentRef: "pi_owed",
    },
    {
      orderId: late.id,
      provider: "stripe",
      status: "refunded",
      amount: 3000,
      currency: "EUR",
      providerRef: "cs_late",
      providerPaymentRef: "pi_late",
      updatedAt: daysAgo(8),
    },
  ]);
  await shop.database.db
    .update(orders)
    .set({ updatedAt: hoursAgo(30) })
    .where(eq(orders.id, owed.id));
  await shop.database.db
    .insert(orderEvents)
    .values({ orderId: late.id, status: "cancelled", note: LATE_PAYMENT_NOTE, createdAt: daysAgo(8) });
  const { paymentAttention } = (await office.dashboard(scope, {}, NOW)).queues;
  expect(paymentAttention.total).toBe(3);
  expect(paymentAttention.rows.map((row) => [row.kind, row.number, row.amount])).toEqual([
    ["mismatch", held.number, 3500],
    ["refund_owed", owed.number, 7000],
    ["late_payment", late.number, 3000],
  ]);
  // The order page flags the same.
  expect((await office.orderDetail(scope, held.number)).payment.attention).toBe("mismatch");
  expect((await office.orderDetail(scope, owed.number)).payment.attention).toBe("refund_owed");
  // A late payment older than 30 days is no longer news.
  expect(
    (await office.dashboard(scope, {}, new Date(NOW.getTime() + 40 * 86_400_000))).queues.paymentAttention.rows.map(
      (r) => r.kind,
    ),
  ).toEqual(["mismatch", "refund_owed"]);
});

test("stock: options at or below their low mark (some left), and sold-out options by waiting back-in-stock requests", async () => {
  const { db } = shop.database;
  const options = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.published, true))
    .orderBy(variants.id)
    .limit(5);
  const ids = options.map((o) => o.id);
  await db.update(variants).set({ stock: 50 });
  await db.update(variants).set({ stock: 2 }).where(eq(variants.id, ids[0]!));
  await db.update(variants).set({ stock: 4 }).where(eq(variants.id, ids[1]!));
  await db
    .update(variants)
    .set({ stock: 0 })
    .where(inArray(variants.id, [ids[2]!, ids[3]!]));
  const ask = (variantId: number, n: number, notified = false) =>
    db.insert(stockAlerts).values(
      Array.from({ length: n }, (_, i) => ({
        variantId,
        email: `wants${variantId}-${i}-${notified}@example.com`,
        cancelTokenHash: `hash-${variantId}-${i}-${notified}`,
        notifiedAt: notified ? NOW : null,
      })),
    );
  await ask(ids[2]!, 1);
  await ask(ids[3]!, 3);
  await ask(ids[3]!, 5, true);
  await ask(ids[4]!, 2); // In stock: its requests are being answered, not wanted.

  const { queues } = await office.dashboard(scope, {}, NOW);
  expect(queues.lowStock).toMatchObject({ shopLowAt: 5, total: 2 });
  expect(queues.lowStock.rows.map((row) => [row.variantId, row.stock, row.lowAt])).toEqual([
    [ids[0], 2, 5],
    [ids[1], 4, 5],
  ]);
  expect(queues.lowStock.rows[0]).toMatchObject({ productName: expect.any(String), sku: expect.any(String) });
  // An option's own mark decides for it (ADR 74): 4 marked 3 is not low, 50 marked 60 is.
  await db.update(variants).set({ lowStockThreshold: 3 }).where(eq(variants.id, ids[1]!));
  await db.update(variants).set({ lowStockThreshold: 60 }).where(eq(variants.id, ids[4]!));
  const marked = (await office.dashboard(scope, {}, NOW)).queues.lowStock;
  expect(marked.rows.map((row) => [row.variantId, row.stock, row.lowAt])).toEqual([
    [ids[0], 2, 5],
    [ids[4], 50, 60],
  ]);
  await db.update(variants).set({ lowStockThreshold: null }).where(inArray(variants.id, [ids[1]!, ids[4]!]));
  expect(queues.mostWanted.total).toBe(2);
  expect(queues.mostWanted.rows.map((row) => [row.variantId, row.waiting, row.stock])).toEqual([
    [ids[3], 3, 0],
    [ids[2], 1, 0],
  ]);
  await expect(office.dashboard(scope, { queueSize: "none" }, NOW)).rejects.toMatchObject({
    code: "INVALID_INPUT",
    field: "queueSize",
  });
});
