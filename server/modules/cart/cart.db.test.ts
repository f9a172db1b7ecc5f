import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { carts, products, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import type { ShopError } from "../../lib/shop-error.ts";
import { createCarts, MAX_BAG_LINES, type Carts } from "./index.ts";
import { newBagsLimit, stockedOptions } from "../../../tests/support/cart-fixtures.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;
let cart: Carts;
let scope: Scope;
/** Two options of one product (stock set by each test as needed), and one of another product. */
let optionA: number;
let optionB: number;
let otherProductOption: number;
let productId: number;

beforeAll(async () => {
  shop = await seededShop(12);
  database = shop.database;
  const rows = await database.db
    .select({ id: variants.id, productId: variants.productId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`${products.published} and not ${products.membersOnly}`)
    .orderBy(variants.productId, variants.id);
  const first = rows[0]!;
  productId = first.productId;
  const sameProduct = rows.filter((row) => row.productId === productId);
  [optionA, optionB] = [sameProduct[0]!.id, sameProduct[1]!.id];
  otherProductOption = rows.find((row) => row.productId !== productId)!.id;
  cart = createCarts();
  scope = systemScope(database.db);
});

afterAll(async () => {
  await shop?.close();
});

const setStock = (variantId: number, stock: number) =>
  database.db.update(variants).set({ stock }).where(eq(variants.id, variantId));
const priceOf = async (variantId: number) =>
  (await database.db.select({ price: variants.price }).from(variants).where(eq(variants.id, variantId)))[0]!.price;

describe("a guest bag", () => {
  test("the first add makes a bag reachable by its token, priced from the catalogue", async () => {
    await setStock(optionA, 10);
    const { cart: bag, lineId } = await cart.addLine(scope, null, { variantId: optionA, quantity: "2" });
    expect(bag.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(bag.lines).toHaveLength(1);
    const price = await priceOf(optionA);
    expect(bag.lines[0]).toMatchObject({ id: lineId, variantId: optionA, quantity: 2, unitPrice: price, lineTotal: 2 * price });
    expect(bag.subtotal).toBe(2 * price);
    expect(bag.itemCount).toBe(2);
    expect(await cart.count(scope, bag.token)).toBe(2);
    expect((await cart.get(scope, bag.token))?.lines).toHaveLength(1);
  });

  test("the token is not stored: only its hash", async () => {
    const { cart: bag } = await cart.addLine(scope, null, { variantId: optionA, quantity: 1 });
    const stored = await database.db.select({ hash: carts.tokenHash }).from(carts);
    expect(stored.map((row) => row.hash)).not.toContain(bag.token);
  });

  test("adding the same option again adds to its line; prices follow the catalogue, not the past", async () => {
    await setStock(optionA, 10);
    const { cart: first } = await cart.addLine(scope, null, { variantId: optionA, quantity: 1 });
    const { cart: again } = await cart.addLine(scope, first.token, { variantId: optionA, quantity: 3 });
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]!.quantity).toBe(4);
    await database.db.update(variants).set({ price: 1234, compareAtPrice: 2000 }).where(eq(variants.id, optionA));
    const later = await cart.get(scope, first.token);
    expect(later?.lines[0]).toMatchObject({ unitPrice: 1234, compareAtPrice: 2000, lineTotal: 4 * 1234 });
    expect(later?.savings).toBe(4 * (2000 - 1234));
  });

  test("never more than the stock, with a message that says how many are left", async () => {
    await setStock(optionA, 2);
    const { cart: bag } = await cart.addLine(scope, null, { variantId: optionA, quantity: 1 });
    const refused = await cart.addLine(scope, bag.token, { variantId: optionA, quantity: 5 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "NOT_ENOUGH_STOCK" });
    expect((refused as ShopError).details.available).toBe(1);
    expect((refused as Error).message).toBe("Sorry, only 1 more can be added: your bag already holds 1.");
    expect((await cart.get(scope, bag.token))?.lines[0]?.quantity).toBe(1);

    await setStock(optionB, 0);
    await expect(cart.addLine(scope, bag.token, { variantId: optionB })).rejects.toThrow("Sorry, this option is out of stock.");
  });

  test("a refused first add leaves no empty bag behind", async () => {
    await setStock(optionB, 0);
    const before = await database.db.$count(carts);
    await expect(cart.addLine(scope, null, { variantId: optionB })).rejects.toMatchObject({ code: "NOT_ENOUGH_STOCK" });
    expect(await database.db.$count(carts)).toBe(before);
  });

  test("options that are not for sale, or do not exist, cannot be added", async () => {
    await expect(cart.addLine(scope, null, { variantId: 999_999 })).rejects.toMatchObject({ code: "VARIANT_NOT_FOUND" });
    await setStock(otherProductOption, 5);
    const { cart: bag } = await cart.addLine(scope, null, { variantId: otherProductOption });
    const otherProduct = (
      await database.db.select({ p: variants.productId }).from(variants).where(eq(variants.id, otherProductOption))
    )[0]!.p;
    await database.db.update(products).set({ published: false }).where(eq(products.id, otherProduct));
    await expect(cart.addLine(scope, bag.token, { variantId: otherProductOption })).rejects.toMatchObject({
      code: "VARIANT_NOT_FOUND",
    });
    // A line whose product was withdrawn stays visible, says so, and counts towards nothing.
    const withdrawn = await cart.get(scope, bag.token);
    expect(withdrawn?.lines[0]).toMatchObject({ available: false, problem: "No longer available: remove it from your bag." });
    expect(withdrawn?.subtotal).toBe(0);
    expect(await cart.count(scope, bag.token)).toBe(0);
    await database.db.update(products).set({ published: true }).where(eq(products.id, otherProduct));
  });

  test("bad input is refused with a message naming what is wrong", async () => {
    await expect(cart.addLine(scope, null, { variantId: "abc" })).rejects.toThrow("The option must be a number.");
    await expect(cart.addLine(scope, null, { variantId: optionA, quantity: 0 })).rejects.toThrow("Quantity must be at least 1.");
    await expect(cart.addLine(scope, null, { variantId: optionA, quantity: 11 })).rejects.toThrow(
      "You can order at most 10 of one option.",
    );
    await expect(cart.addLine(scope, null, { variantId: optionA, quantity: 1.5 })).rejects.toThrow(
      "Quantity must be a whole number.",
    );
  });

  test("changing quantity and option, merging into a line that holds the new option", async () => {
    await setStock(optionA, 10);
    await setStock(optionB, 4);
    const { cart: bag, lineId: lineA } = await cart.addLine(scope, null, { variantId: optionA, quantity: 2 });
    const { lineId: lineB } = await cart.addLine(scope, bag.token, { variantId: optionB, quantity: 1 });

    const changed = await cart.updateLine(scope, bag.token, { lineId: lineA, quantity: 3 });
    expect(changed.lines.find((l) => l.id === lineA)?.quantity).toBe(3);

    await expect(cart.updateLine(scope, bag.token, { lineId: lineA, variantId: optionB, quantity: 4 })).rejects.toMatchObject({
      code: "NOT_ENOUGH_STOCK",
    });
    const merged = await cart.updateLine(scope, bag.token, { lineId: lineA, variantId: optionB, quantity: 3 });
    expect(merged.lines).toHaveLength(1);
    expect(merged.lines[0]).toMatchObject({ id: lineA, variantId: optionB, quantity: 4 });
    expect(merged.lines.some((l) => l.id === lineB)).toBe(false);
    expect(merged.lines[0]!.options.map((o) => o.variantId)).toEqual(expect.arrayContaining([optionA, optionB]));
  });

  test("removing lines; other bags' lines and unknown bags are out of reach", async () => {
    await setStock(optionA, 10);
    const { cart: mine, lineId } = await cart.addLine(scope, null, { variantId: optionA });
    const { cart: theirs, lineId: theirLine } = await cart.addLine(scope, null, { variantId: optionA });
    await expect(cart.removeLine(scope, mine.token, { lineId: theirLine })).rejects.toMatchObject({
      code: "CART_LINE_NOT_FOUND",
    });
    await expect(cart.updateLine(scope, mine.token, { lineId: theirLine, quantity: 5 })).rejects.toMatchObject({
      code: "CART_LINE_NOT_FOUND",
    });
    expect((await cart.get(scope, theirs.token))?.lines[0]?.quantity).toBe(1);

    const emptied = await cart.removeLine(scope, mine.token, { lineId });
    expect(emptied.lines).toEqual([]);
    expect(emptied.subtotal).toBe(0);

    const unknown = "A".repeat(32);
    expect(await cart.get(scope, unknown)).toBeNull();
    expect(await cart.get(scope, "not a token")).toBeNull();
    expect(await cart.count(scope, unknown)).toBe(0);
    await expect(cart.removeLine(scope, unknown, { lineId })).rejects.toMatchObject({ code: "CART_NOT_FOUND" });
  });

  test("bags idle for more than 30 days, and empty ones idle for more than a day, are pruned", async () => {
    await setStock(optionA, 10);
    const { cart: old } = await cart.addLine(scope, null, { variantId: optionA });
    await database.db.execute(sql`update carts set updated_at = now() - interval '31 days'`);
    const { cart: fresh } = await cart.create(scope).then((c) => ({ cart: c }));
    expect(await cart.get(scope, old.token)).toBeNull();
    expect(await cart.get(scope, fresh.token)).not.toBeNull();

    const { cart: filled } = await cart.addLine(scope, null, { variantId: optionA });
    const empty = await cart.create(scope);
    await database.db.execute(sql`update carts set updated_at = now() - interval '2 days'`);
    await cart.create(scope);
    expect(await cart.get(scope, empty.token)).toBeNull();
    expect(await cart.get(scope, filled.token)).not.toBeNull();
  });
});

describe("several items at once (Buy again)", () => {
  test("what can be added goes in; a sold-out or vanished option is named and the rest still goes in", async () => {
    await setStock(optionA, 10);
    await setStock(optionB, 0);
    const customer = {
      customerId: (
        await database.db.insert(users).values({ username: "buys-again", email: "buys-again@example.com" }).returning()
      )[0]!.id,
    };
    const result = await cart.addLines(scope, customer, [
      { variantId: optionA, quantity: 2, name: "Gloves A" },
      { variantId: optionB, quantity: 1, name: "Gloves B" },
      { variantId: null, quantity: 1, name: "A withdrawn shirt" },
    ]);
    expect(result).toEqual({ added: 1, missed: ["Gloves B", "A withdrawn shirt"] });
    expect((await cart.get(scope, customer))?.lines.map((l) => [l.variantId, l.quantity])).toEqual([[optionA, 2]]);
  });
});

describe("new bags per address", () => {
  test("past the limit an address makes no new guest bag; other addresses, existing bags and customers go on", async () => {
    await setStock(optionA, 50);
    const limited = createCarts({ newBags: newBagsLimit(2) });
    const here = { ...scope, visitor: { ip: "203.0.113.7" } };
    const first = await limited.create(here);
    await limited.addLine(here, null, { variantId: optionA, quantity: 1 });
    await expect(limited.create(here)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const refused = await limited.addLine(here, null, { variantId: optionA, quantity: 1 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((refused as ShopError).retryAfterSeconds).toBeGreaterThan(0);
    // The bag it has still takes more; another address and a customer's bag are not counted here.
    await limited.addLine(here, first.token, { variantId: optionA, quantity: 1 });
    await limited.create({ ...scope, visitor: { ip: "198.51.100.2" } });
    const [row] = await database.db
      .insert(users)
      .values({ username: "limited-keeper", email: "limited-keeper@example.com" })
      .returning({ id: users.id });
    await limited.addLine(here, { customerId: row!.id }, { variantId: optionA, quantity: 1 });
  });

  test("a first add that is refused makes no bag, so it does not count as one", async () => {
    await setStock(optionA, 0);
    await setStock(optionB, 5);
    const limited = createCarts({ newBags: newBagsLimit(1) });
    const here = { ...scope, visitor: { ip: "203.0.113.8" } };
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(limited.addLine(here, null, { variantId: optionA, quantity: 1 })).rejects.toMatchObject({
        code: "NOT_ENOUGH_STOCK",
      });
    }
    await limited.addLine(here, null, { variantId: optionB, quantity: 1 });
    await expect(limited.addLine(here, null, { variantId: optionB, quantity: 1 })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });
});

describe("steps, caps and what counts", () => {
  test("a step applies to what the line holds now, whatever quantity a form showed", async () => {
    await setStock(optionA, 10);
    const { cart: bag, lineId } = await cart.addLine(scope, null, { variantId: optionA, quantity: 3 });
    const stepped = await cart.updateLine(scope, bag.token, { lineId, delta: "1", quantity: "1" });
    expect(stepped.lines[0]?.quantity).toBe(4);
    expect((await cart.updateLine(scope, bag.token, { lineId, delta: -1 })).lines[0]?.quantity).toBe(3);
    await cart.updateLine(scope, bag.token, { lineId, quantity: 1 });
    await expect(cart.updateLine(scope, bag.token, { lineId, delta: -1 })).rejects.toThrow(
      "Quantity must be at least 1: remove the item instead.",
    );
    await expect(cart.updateLine(scope, bag.token, { lineId, delta: 5 })).rejects.toThrow();
  });

  test("a line holding more than is left counts only what is left; a sold-out one counts nothing", async () => {
    await setStock(optionA, 10);
    await setStock(optionB, 10);
    const { cart: bag } = await cart.addLine(scope, null, { variantId: optionA, quantity: 5 });
    await cart.addLine(scope, bag.token, { variantId: optionB, quantity: 2 });
    await setStock(optionA, 2);
    await setStock(optionB, 0);
    const later = (await cart.get(scope, bag.token))!;
    expect(later.itemCount).toBe(2);
    expect(later.subtotal).toBe(2 * (await priceOf(optionA)));
    expect(await cart.count(scope, bag.token)).toBe(2);
    expect(later.lines.map((l) => l.problem)).toEqual([
      "Only 2 left: lower the quantity.",
      "Sold out: remove it or choose another option.",
    ]);
  });

  test("past 10 of one option, the message names the per-option cap, not the stock", async () => {
    await setStock(optionA, 500);
    const { cart: bag } = await cart.addLine(scope, null, { variantId: optionA, quantity: 10 });
    await expect(cart.addLine(scope, bag.token, { variantId: optionA, quantity: 1 })).rejects.toThrow(
      "Sorry, you can order at most 10 of one option.",
    );
  });
});

describe("a customer's bag", () => {
  async function newCustomer(name: string) {
    const [row] = await database.db
      .insert(users)
      .values({ username: name, email: `${name}@example.com` })
      .returning({ id: users.id });
    return { customerId: row!.id };
  }

  test("belongs to the account, not to a token: the same bag wherever the customer is", async () => {
    await setStock(optionA, 10);
    const customer = await newCustomer("bag-owner");
    expect(await cart.get(scope, customer)).toBeNull();
    const { cart: first } = await cart.addLine(scope, customer, { variantId: optionA, quantity: 2 });
    expect(first.token).toBeNull();
    expect(await cart.count(scope, customer)).toBe(2);
    // A guest token never reaches a customer's bag, even one made for it.
    const [row] = await database.db
      .select({ tokenHash: carts.tokenHash })
      .from(carts)
      .where(eq(carts.userId, customer.customerId));
    expect(row).toBeDefined();
    expect((await cart.get(scope, customer))?.lines.map((l) => l.quantity)).toEqual([2]);
  });

  test("at login the guest's bag joins it: quantities add up within the stock, what did not fit is reported, the guest bag is gone", async () => {
    await setStock(optionA, 5);
    await setStock(optionB, 4);
    const customer = await newCustomer("merging-keeper");
    await cart.addLine(scope, customer, { variantId: optionA, quantity: 3 });
    const { cart: guest } = await cart.addLine(scope, null, { variantId: optionA, quantity: 4 });
    await cart.addLine(scope, guest.token, { variantId: optionB, quantity: 2 });

    const notes = await cart.mergeGuestBag(scope, guest.token, customer.customerId);
    expect(notes).toEqual([{ name: expect.any(String), wanted: 7, kept: 5, reason: "stock" }]);
    const merged = await cart.get(scope, customer);
    expect(merged?.lines.map((l) => [l.variantId, l.quantity]).sort()).toEqual(
      [
        [optionA, 5],
        [optionB, 2],
      ].sort(),
    );
    expect(await cart.get(scope, guest.token)).toBeNull();
    // Nothing to merge: nothing happens.
    expect(await cart.mergeGuestBag(scope, guest.token, customer.customerId)).toEqual([]);
  });

  test("a guest bag becomes the customer's first bag when they had none", async () => {
    await setStock(optionB, 4);
    const customer = await newCustomer("first-bag");
    const { cart: guest } = await cart.addLine(scope, null, { variantId: optionB, quantity: 1 });
    expect(await cart.mergeGuestBag(scope, guest.token, customer.customerId)).toEqual([]);
    expect(await cart.count(scope, customer)).toBe(1);
  });
  test(`a bag holds at most ${MAX_BAG_LINES} different options; at login what does not fit stays out, and is told`, async () => {
    const options = await stockedOptions(database.db, MAX_BAG_LINES + 2);
    const customer = await newCustomer("full-bag");
    for (const variantId of options.slice(0, MAX_BAG_LINES)) await cart.addLine(scope, customer, { variantId, quantity: 1 });
    await expect(cart.addLine(scope, customer, { variantId: options[MAX_BAG_LINES]!, quantity: 1 })).rejects.toMatchObject({
      code: "BAG_FULL",
    });
    // More of an option the bag holds is still fine.
    await cart.addLine(scope, customer, { variantId: options[0]!, quantity: 1 });
    expect((await cart.get(scope, customer))?.lines).toHaveLength(MAX_BAG_LINES);

    const { cart: guest } = await cart.addLine(scope, null, { variantId: options[MAX_BAG_LINES + 1]!, quantity: 2 });
    await cart.addLine(scope, guest.token, { variantId: options[1]!, quantity: 3 });
    const notes = await cart.mergeGuestBag(scope, guest.token, customer.customerId);
    expect(notes).toEqual([{ name: expect.any(String), wanted: 2, kept: 0, reason: "full" }]);
    const lines = (await cart.get(scope, customer))!.lines;
    expect(lines).toHaveLength(MAX_BAG_LINES);
    expect(lines.find((l) => l.variantId === options[1])?.quantity).toBe(4);
  });

  test("a customer adding in one browser while logging in with a guest bag in another: both changes land", async () => {
    // On PostgreSQL both run at once; locks taken in opposite orders would deadlock one of them.
    const options = await stockedOptions(database.db, 6);
    for (let round = 0; round < 10; round++) {
      const customer = await newCustomer(`two-browsers-${round}`);
      await cart.addLine(scope, customer, { variantId: options[5]!, quantity: 1 });
      let guestToken: string | null = null;
      for (const variantId of options.slice(0, 5)) {
        guestToken = (await cart.addLine(scope, guestToken, { variantId, quantity: 1 })).cart.token;
      }
      await Promise.all([
        cart.mergeGuestBag(scope, guestToken, customer.customerId),
        ...options.slice(0, 5).map((variantId) => cart.addLine(scope, customer, { variantId, quantity: 1 })),
      ]);
      const lines = (await cart.get(scope, customer))!.lines;
      expect(lines.map((line) => line.quantity).sort()).toEqual([1, 2, 2, 2, 2, 2]);
    }
  });

  test("two logins whose guest bags hold the same options in opposite orders both land", async () => {
    // On PostgreSQL both merges run at once: each must lock the options in one order, or they deadlock.
    const options = await stockedOptions(database.db, 4);
    for (let round = 0; round < 10; round++) {
      const bags: string[] = [];
      for (const order of [options, [...options].reverse()]) {
        let token: string | null = null;
        for (const variantId of order) token = (await cart.addLine(scope, token, { variantId, quantity: 1 })).cart.token;
        bags.push(token!);
      }
      const customers = [await newCustomer(`crossed-${round}-a`), await newCustomer(`crossed-${round}-b`)];
      await Promise.all(bags.map((token, i) => cart.mergeGuestBag(scope, token, customers[i]!.customerId)));
      for (const customer of customers) {
        expect((await cart.get(scope, customer))!.lines.map((line) => line.variantId).sort()).toEqual([...options].sort());
      }
    }
  });
});
