import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { orderLines, orders } from "../../db/schema/index.ts";
import { createCustomers, type Customers } from "./index.ts";
import { shopErrorCode } from "../../lib/shop-error.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { newCustomerId } from "../../../tests/support/customers-fixtures.ts";

let database: Database;
let customers: Customers;
let scope: Scope;
let orderNumbers = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  customers = createCustomers();
  scope = systemScope(database.db);
});

afterAll(async () => {
  await database?.close();
});

/** An order as checkout would write it, placed `daysAgo`. */
async function placeOrder(userId: number, daysAgo: number, deliveryAddress: string | null = null) {
  orderNumbers += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      number: `SH-${1000 + orderNumbers}`,
      userId,
      email: "keeper@example.com",
      status: "paid",
      currency: "EUR",
      subtotal: 2 * 4999 + 1999,
      shipping: 495,
      total: 2 * 4999 + 1999 + 495,
      deliveryAddress,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    })
    .returning();
  await database.db.insert(orderLines).values([
    {
      orderId: order!.id,
      productName: "Pro Grip Gloves",
      productSlug: "pro-grip",
      size: "9",
      colour: "Green",
      quantity: 2,
      unitPrice: 4999,
    },
    { orderId: order!.id, productName: "Keeper Shirt", size: "M", quantity: 1, unitPrice: 1999 },
  ]);
  return order!;
}

describe("order history", () => {
  test("pages through the orders, newest first, and counts them", async () => {
    const me = await newCustomerId(database.db);
    const placed = [];
    for (let day = 0; day < 25; day++) placed.push(await placeOrder(me, day));
    expect(await customers.orderCount(scope, me)).toBe(25);
    const second = await customers.orders(scope, me, { first: "20", page: "2" });
    expect(second.map((o) => o.number)).toEqual(placed.slice(20).map((o) => o.number));
    expect(await customers.orders(scope, me, { first: 20, page: 3 })).toEqual([]);
    await expect(customers.orders(scope, me, { page: 0 })).rejects.toMatchObject({ code: "INVALID_INPUT", field: "page" });
  });

  test("a customer without orders has an empty history", async () => {
    expect(await customers.orders(scope, await newCustomerId(database.db))).toEqual([]);
  });

  test("the customer's own orders, newest first, with date, number, status and sub total", async () => {
    const me = await newCustomerId(database.db);
    const other = await newCustomerId(database.db);
    const older = await placeOrder(me, 10);
    const newer = await placeOrder(me, 1);
    await placeOrder(other, 0);
    const list = await customers.orders(scope, me);
    expect(list.map((o) => o.number)).toEqual([newer.number, older.number]);
    expect(list[0]).toEqual({
      id: newer.id,
      number: newer.number,
      status: "paid",
      createdAt: newer.createdAt.toISOString(),
      currency: "EUR",
      subtotal: 11997,
      total: 12492,
    });
    expect((await customers.orders(scope, me, { first: "1" })).map((o) => o.id)).toEqual([newer.id]);
    await expect(customers.orders(scope, me, { first: 0 })).rejects.toMatchObject({ field: "first" });
    await expect(customers.orders(scope, me, { first: 101 })).rejects.toMatchObject({ field: "first" });
  });

  test("one order with its lines and the delivery address as it was", async () => {
    const me = await newCustomerId(database.db);
    const placed = await placeOrder(
      me,
      2,
      JSON.stringify({
        firstName: "Jan",
        lastName: "Jansen",
        line1: "Dorpsstraat 1",
        city: "Amsterdam",
        province: "NH",
        country: "NL",
        secret: 1,
      }),
    );
    const order = await customers.order(scope, me, String(placed.id));
    expect(order).toMatchObject({ id: placed.id, number: placed.number, shipping: 495, total: 12492 });
    expect(order.deliveryAddress).toEqual({
      firstName: "Jan",
      lastName: "Jansen",
      company: null,
      line1: "Dorpsstraat 1",
      line2: null,
      city: "Amsterdam",
      province: "NH",
      postalCode: null,
      country: "NL",
      phone: null,
      // Names for showing it, from the shop's country list; a Dutch province (stored before
      // ADR 49) is kept as it was but neither named nor printed: Dutch addresses have none.
      countryName: "Netherlands",
      provinceName: null,
      lines: ["Jan Jansen", "Dorpsstraat 1", "Amsterdam", "Netherlands"],
    });
    expect(order.lines.map((l) => [l.productName, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      ["Pro Grip Gloves", 2, 4999, 9998],
      ["Keeper Shirt", 1, 1999, 1999],
    ]);
    expect(order.lines[0]).not.toHaveProperty("orderId");
    // A snapshot that cannot be read shows as no address, not as a broken page.
    const unreadable = await placeOrder(me, 3, "{not json");
    expect((await customers.order(scope, me, unreadable.id)).deliveryAddress).toBeNull();
  });

  test("another customer's order, or an id that names none, is not found", async () => {
    const me = await newCustomerId(database.db);
    const theirs = await placeOrder(await newCustomerId(database.db), 1);
    for (const id of [theirs.id, 999_999, "abc", -1, null]) {
      const error = await customers.order(scope, me, id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(shopErrorCode(error)).toBe("ORDER_NOT_FOUND");
    }
  });
});
