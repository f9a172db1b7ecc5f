import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../tests/support/seeded-shop.ts";
import { addresses, carts, users, variants } from "../db/schema/index.ts";
import { newCustomerId, AMSTERDAM } from "../../tests/support/customers-fixtures.ts";
import { afterCommit, systemScope, withTransaction, type Scope } from "./scope.ts";

/*
 * One use case across modules in one transaction (ADR 34): the bag module and the customers
 * module write through the scope they are given, so both commit or neither does. On the
 * embedded database a module that wrote around the transaction would wait for it forever.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let variantId: number;

beforeAll(async () => {
  shop = await seededShop(6);
  scope = systemScope(shop.database.db);
  const [card] = (await shop.services.catalog.featuredProducts()).filter((p) => p.inStock);
  variantId = (await shop.services.catalog.productDetail(card!.slug))!.variants[0]!.id;
  await shop.database.db.update(variants).set({ stock: 10 }).where(eq(variants.id, variantId));
});

afterAll(async () => {
  await shop?.close();
});

async function bagOf(customerId: number) {
  return shop.database.db.select().from(carts).where(eq(carts.userId, customerId));
}

async function addressesOf(customerId: number) {
  return shop.database.db.select().from(addresses).where(eq(addresses.userId, customerId));
}

describe("withTransaction", () => {
  test("two modules' writes in one use case commit together", async () => {
    const customerId = await newCustomerId(shop.database.db);
    await withTransaction(scope, async (tx) => {
      await shop.services.cart.addLine(tx, { customerId }, { variantId, quantity: 1 });
      await shop.services.customers.addAddress(tx, customerId, AMSTERDAM);
    });
    expect(await bagOf(customerId)).toHaveLength(1);
    expect(await addressesOf(customerId)).toHaveLength(1);
  });

  test("a failure after both writes rolls both back: nothing of the use case remains", async () => {
    const customerId = await newCustomerId(shop.database.db);
    const failed = withTransaction(scope, async (tx) => {
      await shop.services.cart.addLine(tx, { customerId }, { variantId, quantity: 1 });
      await shop.services.customers.addAddress(tx, customerId, AMSTERDAM);
      throw new Error("the payment was refused");
    });
    await expect(failed).rejects.toThrow("the payment was refused");
    expect(await bagOf(customerId)).toEqual([]);
    expect(await addressesOf(customerId)).toEqual([]);
  });

  test("a module's own transaction inside the use case joins it: its failure undoes the writes before it", async () => {
    const customerId = await newCustomerId(shop.database.db);
    const failed = withTransaction(scope, async (tx) => {
      await shop.services.customers.addAddress(tx, customerId, AMSTERDAM);
      // The bag module opens its own transaction for this add; here it runs in the use case's.
      // Its whole stock of 10, then one more than there is.
      await shop.services.cart.addLine(tx, { customerId }, { variantId, quantity: 10 });
      await shop.services.cart.addLine(tx, { customerId }, { variantId, quantity: 1 });
    });
    await expect(failed).rejects.toMatchObject({ code: "NOT_ENOUGH_STOCK" });
    expect(await addressesOf(customerId)).toEqual([]);
  });

  test("a nested call gets the outer transaction, not a new one", async () => {
    await withTransaction(scope, async (outer) => {
      await withTransaction(outer, async (inner) => {
        expect(inner.db).toBe(outer.db);
        expect(inner.transaction).toBe(outer.transaction);
      });
    });
  });

  test("work after commit runs once the outermost transaction has committed, and never after a rollback", async () => {
    const seen: string[] = [];
    const customerId = await newCustomerId(shop.database.db);
    await withTransaction(scope, async (outer) => {
      await withTransaction(outer, async (inner) => {
        afterCommit(inner, () => seen.push("mail"));
      });
      await outer.db.update(users).set({ firstName: "Committed" }).where(eq(users.id, customerId));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["mail"]);

    await withTransaction(scope, async (tx) => {
      afterCommit(tx, () => seen.push("rolled back"));
      throw new Error("no");
    }).catch(() => {});
    expect(seen).toEqual(["mail"]);

    afterCommit(scope, () => seen.push("at once"));
    expect(seen).toEqual(["mail", "at once"]);
  });
});
