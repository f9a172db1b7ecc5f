import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { orders, users, type OrderStatus } from "../../db/schema/index.ts";
import { createMembership } from "./index.ts";

/*
 * The members' area's "saved so far" (issue 27 §4): the member-price savings of the member's paid
 * orders, summed on the server; unpaid, cancelled and refunded orders and other people's orders
 * count for nothing.
 */

let database: Database;
let membership: ReturnType<typeof createMembership>;
let orderCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  membership = createMembership(database.db, {
    siteName: "Safe Hands",
    membershipLink: "http://shop.test/membership",
    currency: "EUR",
  });
});

afterAll(async () => {
  await database?.close();
});

async function person(name: string): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ username: name, email: `${name}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

async function order(userId: number, status: OrderStatus, memberSavings: number, currency = "EUR"): Promise<void> {
  orderCount += 1;
  await database.db.insert(orders).values({
    number: `KS-SAVE${orderCount}`,
    userId,
    email: "saver@example.com",
    currency,
    subtotal: 10_000,
    total: 10_000,
    memberSavings,
    status,
  });
}

describe("member savings", () => {
  test("add up the member prices of paid, shipped and delivered orders only", async () => {
    const saver = await person("saver");
    const other = await person("other-saver");
    await order(saver, "paid", 500);
    await order(saver, "shipped", 1_250);
    await order(saver, "delivered", 300);
    await order(saver, "awaiting_payment", 9_000);
    await order(saver, "cancelled", 9_000);
    await order(saver, "refunded", 9_000);
    await order(saver, "paid", 0);
    await order(other, "paid", 4_000);

    expect(await membership.savings(saver)).toEqual([{ amount: 2_050, currency: "EUR", orders: 3 }]);
    expect(await membership.savings(other)).toEqual([{ amount: 4_000, currency: "EUR", orders: 1 }]);
  });

  test("are nothing for a customer without paid savings, and kept apart per currency", async () => {
    const newcomer = await person("newcomer");
    expect(await membership.savings(newcomer)).toEqual([]);
    await order(newcomer, "paid", 200, "GBP");
    await order(newcomer, "delivered", 700);
    expect(await membership.savings(newcomer)).toEqual([
      { amount: 700, currency: "EUR", orders: 1 },
      { amount: 200, currency: "GBP", orders: 1 },
    ]);
  });
});
