import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mailJobs, stockMovements, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { ANY_VISITOR } from "../catalog/index.ts";

/*
 * Stock movements and the stock grid (issue 25 §2, ADR 66) on the real database: PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, where the buyers below really race.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;
let options: number[];
let taken = 0;
const db = () => shop.database.db;
const stock = () => shop.services.stock;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  shop = await seededShop(8);
  // Options of their own for each test, 10 in stock each.
  options = await stockedOptions(db(), 16);
  const [user] = await db()
    .insert(users)
    .values({ username: "stock-owner", email: "olga@example.com", firstName: "Olga", lastName: "Owner", role: "owner" })
    .returning();
  owner = staffScopeOf(systemScope(db()), { id: user!.id, email: user!.email, role: "owner" }, "req-stock");
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

let visitors = 0;
/** A visitor's own scope: many buyers come from many addresses (per-address limits, ADR 50). */
const visitor = (): Scope => systemScope(db(), { ip: `10.9.${(++visitors >> 8) & 255}.${visitors & 255}` });
const option = async () => {
  const id = options[taken++]!;
  const [row] = await db().select().from(variants).where(eq(variants.id, id));
  return row!;
};
const stockOf = async (id: number) =>
  (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, id)))[0]!.stock;
const movementsOf = (variantId: number) =>
  db().select().from(stockMovements).where(eq(stockMovements.variantId, variantId)).orderBy(asc(stockMovements.id));
const adjustEntries = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "stock.adjusted"), eq(auditLog.requestId, "req-stock")));

let buyers = 0;
async function placeOrder(lines: [number, number][], scope = visitor()) {
  let token: string | null = null;
  for (const [variantId, quantity] of lines)
    token = (await shop.services.cart.addLine(scope, token, { variantId, quantity })).cart.token;
  const body = { email: `stock-buyer${++buyers}@example.com`, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" };
  return (
    await shop.services.checkout.placeOrder(scope, { customerId: null, bag: token! }, { ...body, paymentMethod: "bank-transfer" })
  ).order;
}

describe("the shop's own movements", () => {
  test("an order writes a movement per option it takes, its cancel one per option it gives back; the history adds up", async () => {
    const [a, b] = [await option(), await option()];
    const order = await placeOrder([
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(await stockOf(a.id)).toBe(8);
    expect(await movementsOf(a.id)).toEqual([
      expect.objectContaining({ change: -2, stockAfter: 8, reason: "order", orderId: order.id, actorUserId: null }),
    ]);
    expect(await movementsOf(b.id)).toEqual([
      expect.objectContaining({ change: -3, stockAfter: 7, reason: "order", orderId: order.id }),
    ]);

    await shop.services.staff.cancel(systemScope(db()), order.number, { note: "Changed their mind" });
    expect(await stockOf(b.id)).toBe(10);
    const moves = await movementsOf(b.id);
    expect(moves.map((m) => [m.change, m.stockAfter, m.reason])).toEqual([
      [-3, 7, "order"],
      [3, 10, "cancel"],
    ]);
    expect(moves[1]).toMatchObject({ orderId: order.id, note: "Changed their mind", actorUserId: null });
    // The history adds up: from the 10 it held before, its changes make what it holds now.
    expect(10 + moves.reduce((sum, m) => sum + m.change, 0)).toBe(await stockOf(b.id));

    // The product's history shows them newest first, with the order's number, by the shop.
    const history = await stock().history(systemScope(db()), String(b.productId));
    const ofB = history.rows.filter((row) => row.variantId === b.id);
    expect(ofB.map((row) => [row.reason, row.change, row.stockAfter, row.orderNumber, row.by])).toEqual([
      ["cancel", 3, 10, order.number, null],
      ["order", -3, 7, order.number, null],
    ]);
    expect(history.options).toContainEqual(expect.objectContaining({ variantId: b.id, sku: b.sku, stock: 10 }));
  });

  test(`${onPostgres ? 5 : 1} × 20 buyers at once of the last unit: one order, one movement`, async () => {
    for (let round = 0; round < (onPostgres ? 5 : 1); round++) {
      const last = await option();
      await db().update(variants).set({ stock: 1 }).where(eq(variants.id, last.id));
      const bags = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const scope = visitor();
          return {
            scope,
            token: (await shop.services.cart.addLine(scope, null, { variantId: last.id, quantity: 1 })).cart.token,
          };
        }),
      );
      const results = await Promise.all(
        bags.map(({ scope, token }) =>
          failure(
            shop.services.checkout.placeOrder(
              scope,
              { customerId: null, bag: token },
              {
                email: `stock-buyer${++buyers}@example.com`,
                shippingAddress: DUTCH_ADDRESS,
                deliveryMethod: "home-standard",
                paymentMethod: "bank-transfer",
              },
            ),
          ),
        ),
      );
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.filter((r) => r !== null)).toEqual(
        Array.from({ length: 19 }, () => expect.objectContaining({ code: "NOT_ENOUGH_STOCK" })),
      );
      expect(await stockOf(last.id)).toBe(0);
      expect((await movementsOf(last.id)).map((m) => [m.change, m.stockAfter, m.reason])).toEqual([[-1, 0, "order"]]);
    }
  });
});

describe("the stock grid", () => {
  test("lists options with their stock and low mark; filters by product, SKU and stock state", async () => {
    const [a, b] = [await option(), await option()];
    await db().update(variants).set({ stock: 3, lowStockThreshold: null }).where(eq(variants.id, a.id));
    await db().update(variants).set({ stock: 3, lowStockThreshold: 2 }).where(eq(variants.id, b.id));
    const scope = systemScope(db());
    const bySku = await stock().grid(scope, new URLSearchParams({ q: a.sku }));
    expect(bySku.rows).toEqual([
      expect.objectContaining({ variantId: a.id, sku: a.sku, stock: 3, threshold: null, lowAt: 5, state: "low" }),
    ]);
    const ofB = await stock().grid(scope, new URLSearchParams({ product: String(b.productId) }));
    expect(ofB.product).toMatchObject({ id: b.productId });
    expect(ofB.rows.every((row) => row.productId === b.productId)).toBe(true);
    expect(ofB.rows).toContainEqual(expect.objectContaining({ variantId: b.id, threshold: 2, state: "in" }));
    const low = await stock().grid(scope, new URLSearchParams({ stock: "low", q: a.sku }));
    expect(low.rows.map((row) => row.variantId)).toEqual([a.id]);
    const inStock = await stock().grid(scope, new URLSearchParams({ stock: "in", product: String(b.productId) }));
    expect(inStock.rows.map((row) => row.variantId)).toContain(b.id);
    expect(inStock.rows.every((row) => row.stock > row.lowAt)).toBe(true);
    expect(await failure(stock().grid(scope, new URLSearchParams({ stock: "plenty" })))).toMatchObject({
      code: "INVALID_INPUT",
      field: "stock",
    });
  });

  test("a save sets many rows in one transaction with one audit entry; a row that moved since refuses it all", async () => {
    const [c, d, e] = [await option(), await option(), await option()];
    const saved = await stock().adjust(owner, {
      reason: "received",
      note: "Delivery 12",
      rows: [
        { variantId: c.id, was: 10, count: 25 },
        { variantId: d.id, was: 10, count: 4 },
        // Typed as it is: no change, no movement.
        { variantId: e.id, was: 10, count: 10 },
      ],
    });
    expect(saved.moved.map((m) => [m.variantId, m.before, m.after])).toEqual(
      [
        [c.id, 10, 25],
        [d.id, 10, 4],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect([await stockOf(c.id), await stockOf(d.id), await stockOf(e.id)]).toEqual([25, 4, 10]);
    expect(await movementsOf(c.id)).toEqual([
      expect.objectContaining({
        change: 15,
        stockAfter: 25,
        reason: "received",
        actorUserId: owner.actor.id,
        note: "Delivery 12",
      }),
    ]);
    expect(await movementsOf(d.id)).toEqual([expect.objectContaining({ change: -6, stockAfter: 4, reason: "received" })]);
    expect(await movementsOf(e.id)).toEqual([]);
    const entries = await adjustEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({
      [c.sku]: [10, 25],
      [d.sku]: [10, 4],
      reason: [null, "received"],
      note: [null, "Delivery 12"],
    });
    const history = await stock().history(systemScope(db()), c.productId);
    expect(history.rows.find((row) => row.variantId === c.id)).toMatchObject({
      by: "Olga Owner",
      reason: "received",
      orderNumber: null,
    });

    // An order takes one of d after the page was read: the save naming d at 4 is refused whole.
    await placeOrder([[d.id, 1]]);
    const refused = await failure(
      stock().adjust(owner, {
        reason: "counted",
        rows: [
          { variantId: c.id, was: 25, count: 30 },
          { variantId: d.id, was: 4, count: 10 },
        ],
      }),
    );
    expect(refused).toMatchObject({
      code: "STALE_VERSION",
      details: { stale: [{ variantId: d.id, sku: d.sku, expected: 4, stock: 3 }] },
    });
    expect([await stockOf(c.id), await stockOf(d.id)]).toEqual([25, 3]);
    expect(await movementsOf(c.id)).toHaveLength(1);
    expect(await adjustEntries()).toHaveLength(1);

    // Refused before anything: a count below 0, an unknown reason, no rows.
    expect(
      await failure(stock().adjust(owner, { reason: "counted", rows: [{ variantId: c.id, was: 25, count: -1 }] })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      field: "rows.0.count",
    });
    expect(
      await failure(stock().adjust(owner, { reason: "order", rows: [{ variantId: c.id, was: 25, count: 1 }] })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      field: "reason",
    });
    expect(await failure(stock().adjust(owner, { reason: "counted", rows: [] }))).toMatchObject({
      code: "INVALID_INPUT",
      field: "rows",
    });
    expect(
      await failure(stock().adjust(owner, { reason: "counted", rows: [{ variantId: 2_000_000_000, was: 0, count: 1 }] })),
    ).toMatchObject({ code: "VARIANT_NOT_FOUND" });
    expect(await stockOf(c.id)).toBe(25);
  });

  test("restocking a sold-out option queues its back-in-stock mail once the save commits", async () => {
    const sold = await option();
    await db().update(variants).set({ stock: 0 }).where(eq(variants.id, sold.id));
    const email = `waiting.${Date.now() % 100000}@example.com`;
    await shop.services.stockAlerts.request(
      systemScope(db(), { ip: "198.51.100.7" }),
      { email, variantId: sold.id },
      {
        customer: null,
        viewer: ANY_VISITOR,
      },
    );
    const backMails = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(mailJobs)
          .where(and(inArray(mailJobs.to, [email]), like(mailJobs.subject, "% is back in stock")))
      )[0]!.n;
    // The sweep listens as the background work has it; nothing else sweeps.
    const stop = shop.services.stockAlerts.wakeOnStockBack(shop.services.events);
    try {
      await stock().adjust(owner, { reason: "received", rows: [{ variantId: sold.id, was: 0, count: 6 }] });
      await expect.poll(backMails, { timeout: 5000 }).toBe(1);
      await shop.services.stockAlerts.settled();
      expect(await backMails()).toBe(1);
    } finally {
      stop();
    }
  });
});
