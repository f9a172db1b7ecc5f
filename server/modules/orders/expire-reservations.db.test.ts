import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { mailJobs, orderEvents, orders, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createCarts } from "../cart/index.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { expireReservations } from "./expire-reservations.ts";
import { guestOrder, testCheckout } from "../../../tests/support/orders.ts";

/* Unpaid orders give their stock back once their reservation ends: once, whoever runs the expiry. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;

beforeAll(async () => {
  shop = await seededShop(4);
  database = shop.database;
});

afterAll(async () => {
  await shop?.close();
});

const site = {
  siteName: "Safe Hands",
  publicUrl: "http://shop.test",
  orderLink: (number: string) => `http://shop.test/orders/${number}`,
};

/** The bag and checkout as the shop has them, for placing the orders that expire. */
const shopping = {
  cart: createCarts(),
  checkout: testCheckout(),
};

test("an order not paid in time is cancelled and its stock released exactly once, though two processes run the expiry at once", async () => {
  const scope = systemScope(database.db);
  const [option] = (await stockedOptions(database.db, 1)) as [number];
  const order = await guestOrder(shopping, scope, option, 3, { email: "late-payer@example.com" });
  const stock = async () =>
    (await database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, option)))[0]!.stock;
  expect(await stock()).toBe(7);

  // Before its time nothing happens.
  expect(await expireReservations(database.db, site)).toBe(0);
  await database.db
    .update(orders)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, order.id));
  const counts = await Promise.all([expireReservations(database.db, site), expireReservations(database.db, site)]);
  expect(counts[0] + counts[1]).toBe(1);
  expect(await stock()).toBe(10);
  const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
  expect(after!.status).toBe("cancelled");
  const history = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
  expect(history.map((e) => [e.status, e.note])).toEqual([
    ["awaiting_payment", "Order placed"],
    ["cancelled", "Not paid in time"],
  ]);
  const mails = await database.db.select().from(mailJobs).where(eq(mailJobs.to, "late-payer@example.com"));
  expect(mails.map((m) => m.subject)).toEqual([
    `Your order ${order.number} at Safe Hands`,
    `Your order ${order.number} has been cancelled`,
  ]);
  // A later run finds nothing more to do.
  expect(await expireReservations(database.db, site)).toBe(0);
  expect(await stock()).toBe(10);
});

test("an order that cannot be cancelled now is left for the next run; the others are cancelled all the same", async () => {
  const scope = systemScope(database.db);
  const [first, second] = (await stockedOptions(database.db, 2)) as [number, number];
  const stuck = await guestOrder(shopping, scope, first, 1, { email: "stuck@example.com" });
  const fine = await guestOrder(shopping, scope, second, 1, { email: "fine@example.com" });
  // The stuck order's reservation ended first, so it is claimed first.
  await database.db
    .update(orders)
    .set({ reservedUntil: sql`now() - interval '2 minutes'` })
    .where(eq(orders.id, stuck.id));
  await database.db
    .update(orders)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, fine.id));
  // Writing the stuck order's history fails, as a full disk or a broken row would make it.
  await database.db.execute(
    sql.raw(`create function refuse_stuck_order() returns trigger language plpgsql as $$
      begin
        if new.order_id = ${stuck.id} then raise exception 'the disk is full'; end if;
        return new;
      end $$`),
  );
  await database.db.execute(
    sql`create trigger refuse_stuck_order before insert on order_events for each row execute function refuse_stuck_order()`,
  );
  const status = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  try {
    const run = await expireReservations(database.db, site).catch((error: unknown) => error);
    expect(run).toBeInstanceOf(AggregateError);
    expect((run as AggregateError).message).toBe("1 order could not be cancelled now (1 order cancelled)");
    expect(String(((run as AggregateError).errors[0] as Error).cause)).toMatch(/the disk is full/);
    expect(await status(fine.id)).toBe("cancelled");
    expect(await status(stuck.id)).toBe("awaiting_payment");
  } finally {
    await database.db.execute(sql`drop trigger refuse_stuck_order on order_events`);
    await database.db.execute(sql`drop function refuse_stuck_order()`);
  }
  // The next run cancels it.
  expect(await expireReservations(database.db, site)).toBe(1);
  expect(await status(stuck.id)).toBe("cancelled");
});
