import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { mailJobs, orderEvents, orders, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createCarts } from "../cart/index.ts";
import { stockedOptions } from "../cart/test-support.ts";
import { createCheckout } from "../checkout/index.ts";
import { expireReservations } from "./expire-reservations.ts";
import { guestOrder } from "../../../tests/support/orders.ts";

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

test("an order not paid in time is cancelled and its stock released exactly once, though two processes run the expiry at once", async () => {
  const scope = systemScope(database.db);
  const carts = createCarts();
  const checkout = createCheckout({
    ...site,
    currency: "EUR",
    reservationDays: 7,
    bank: { accountHolder: "Safe Hands B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
    money: (minor) => `€${(minor / 100).toFixed(2)}`,
  });
  const [option] = (await stockedOptions(database.db, 1)) as [number];
  const order = await guestOrder({ cart: carts, checkout }, scope, option, 3, { email: "late-payer@example.com" });
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
