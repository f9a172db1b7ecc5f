import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AMSTERDAM, newCustomerId } from "../../../tests/support/customers-fixtures.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { addresses, mailJobs, orders, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createCarts, type Carts } from "../cart/index.ts";
import { createAddressBook } from "../customers/addresses.ts";
import { MAX_ADDRESSES } from "../customers/schemas.ts";
import type { Checkout } from "./index.ts";
import { testCheckout } from "../../../tests/support/orders.ts";

/*
 * Placing an order to a saved address, or keeping the one typed in (ADR 55): the use case does
 * both, so the page, the shop API and GraphQL all can. On the real database.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;
let scope: Scope;
let carts: Carts;
let checkout: Checkout;
let option: number;
const book = createAddressBook();
let visitors = 0;

beforeAll(async () => {
  shop = await seededShop(8);
  database = shop.database;
  scope = systemScope(database.db);
  carts = createCarts();
  checkout = testCheckout();
  [option] = (await stockedOptions(database.db, 1)) as [number];
  await database.db.update(variants).set({ stock: 100 }).where(eq(variants.id, option));
});

afterAll(async () => {
  await shop?.close();
});

/** Each buyer from their own connection (orders per address are limited, ADR 50). */
const ownScope = (): Scope => systemScope(database.db, { ip: `10.9.0.${++visitors}` });

/** A customer with one item in their bag. */
async function customerWithBag() {
  const customerId = await newCustomerId(database.db);
  const buyer = { customerId, bag: { customerId } };
  await carts.addLine(scope, buyer.bag, { variantId: option, quantity: 1 });
  return buyer;
}

const body = (where: Record<string, unknown>) => ({
  email: "buyer@example.com",
  deliveryMethod: "home-standard",
  ...where,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; field?: string },
  );

const addressesOf = (userId: number) => database.db.select().from(addresses).where(eq(addresses.userId, userId));

describe("ordering to a saved address", () => {
  test("the customer's own: the order goes there, as it is kept", async () => {
    const buyer = await customerWithBag();
    const saved = await book.addAddress(scope, buyer.customerId, { ...AMSTERDAM, company: "Keepers B.V." });
    const placed = await checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: String(saved.id) }));
    expect(JSON.parse(placed.order.deliveryAddress!)).toMatchObject({ ...AMSTERDAM, company: "Keepers B.V." });
    // The confirmation mail says where it goes: the saved address, not an empty one.
    const mails = await database.db.select({ text: mailJobs.text }).from(mailJobs).where(eq(mailJobs.to, placed.order.email));
    const mail = mails.find((m) => m.text.includes(placed.order.number));
    expect(mail?.text).toContain("Keepers B.V.");
    expect(mail?.text).toContain(AMSTERDAM.line1);
  });

  test("the same request again answers its order after the saved address was deleted; a new one is refused", async () => {
    const buyer = await customerWithBag();
    const saved = await book.addAddress(scope, buyer.customerId, AMSTERDAM);
    // Its own mailbox: the others share one, whose mails per hour are capped (ADR 50).
    const request = body({ savedAddressId: saved.id, email: "replayer@example.com" });
    const placed = await checkout.placeOrder(ownScope(), buyer, request, { idempotencyKey: "saved-address-key-01" });
    await database.db.delete(addresses).where(eq(addresses.id, saved.id));
    const again = await checkout.placeOrder(ownScope(), buyer, request, { idempotencyKey: "saved-address-key-01" });
    expect(again).toMatchObject({ replayed: true, order: { number: placed.order.number } });
    expect(
      await failure(checkout.placeOrder(ownScope(), buyer, request, { idempotencyKey: "saved-address-key-02" })),
    ).toMatchObject({
      code: "ADDRESS_NOT_FOUND",
    });
  });

  test("another customer's is not found, like an id that does not exist; a guest has none; nothing is placed", async () => {
    const owner = await newCustomerId(database.db);
    const theirs = await book.addAddress(scope, owner, AMSTERDAM);
    const buyer = await customerWithBag();
    const before = await database.db.$count(orders);
    expect(await failure(checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: theirs.id })))).toMatchObject({
      code: "ADDRESS_NOT_FOUND",
    });
    expect(await failure(checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: 2_000_000_000 })))).toMatchObject({
      code: "ADDRESS_NOT_FOUND",
    });
    const guestBag = (await carts.addLine(scope, null, { variantId: option, quantity: 1 })).cart.token;
    expect(
      await failure(checkout.placeOrder(ownScope(), { customerId: null, bag: guestBag }, body({ savedAddressId: theirs.id }))),
    ).toMatchObject({ code: "ADDRESS_NOT_FOUND" });
    expect(await database.db.$count(orders)).toBe(before);
  });

  test("one address, typed or saved: neither, or both, is a field error", async () => {
    const buyer = await customerWithBag();
    const saved = await book.addAddress(scope, buyer.customerId, AMSTERDAM);
    expect(await failure(checkout.placeOrder(ownScope(), buyer, body({})))).toMatchObject({
      code: "INVALID_INPUT",
      field: "shippingAddress",
    });
    expect(
      await failure(checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: saved.id, shippingAddress: AMSTERDAM }))),
    ).toMatchObject({ code: "INVALID_INPUT", field: "savedAddressId" });
  });

  test("a saved address today's rules refuse is refused naming its field under shippingAddress", async () => {
    const buyer = await customerWithBag();
    const saved = await book.addAddress(scope, buyer.customerId, AMSTERDAM);
    // Saved before the rule it breaks (ADR 49): written past the schema, as an old row would be.
    await database.db.update(addresses).set({ postalCode: "12" }).where(eq(addresses.id, saved.id));
    expect(await failure(checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: saved.id })))).toMatchObject({
      code: "INVALID_INPUT",
      field: "shippingAddress.postalCode",
    });
  });
});

describe("saving the address typed in", () => {
  test("is kept once, with the order; the same address again adds none; the first becomes the default", async () => {
    const buyer = await customerWithBag();
    await checkout.placeOrder(ownScope(), buyer, body({ shippingAddress: AMSTERDAM, saveAddress: true }));
    const kept = await addressesOf(buyer.customerId);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ ...AMSTERDAM, isDefault: true });

    await carts.addLine(scope, buyer.bag, { variantId: option, quantity: 1 });
    await checkout.placeOrder(ownScope(), buyer, body({ shippingAddress: { ...AMSTERDAM }, saveAddress: "true" }));
    expect(await addressesOf(buyer.customerId)).toHaveLength(1);
  });

  test("an order that is refused keeps nothing; without saveAddress nothing is kept", async () => {
    const buyer = await customerWithBag();
    const refused = await failure(
      checkout.placeOrder(ownScope(), buyer, body({ shippingAddress: AMSTERDAM, saveAddress: true, deliveryMethod: "no-such" })),
    );
    expect(refused).not.toBeNull();
    expect(await addressesOf(buyer.customerId)).toHaveLength(0);
    await checkout.placeOrder(ownScope(), buyer, body({ shippingAddress: AMSTERDAM }));
    expect(await addressesOf(buyer.customerId)).toHaveLength(0);
  });

  test("a full address book keeps its addresses and the order stands; a guest cannot save", async () => {
    const buyer = await customerWithBag();
    for (let n = 0; n < MAX_ADDRESSES; n += 1) {
      await book.addAddress(scope, buyer.customerId, { ...AMSTERDAM, line1: `Dorpsstraat ${n + 10}` });
    }
    const placed = await checkout.placeOrder(ownScope(), buyer, body({ shippingAddress: AMSTERDAM, saveAddress: true }));
    expect(placed.order.number).toMatch(/^KS-/);
    expect(await addressesOf(buyer.customerId)).toHaveLength(MAX_ADDRESSES);

    const guestBag = (await carts.addLine(scope, null, { variantId: option, quantity: 1 })).cart.token;
    expect(
      await failure(
        checkout.placeOrder(
          ownScope(),
          { customerId: null, bag: guestBag },
          body({ shippingAddress: AMSTERDAM, saveAddress: true }),
        ),
      ),
    ).toMatchObject({ code: "INVALID_INPUT", field: "saveAddress" });
  });

  test("with a saved address there is nothing to save: refused, naming saveAddress", async () => {
    const buyer = await customerWithBag();
    const saved = await book.addAddress(scope, buyer.customerId, AMSTERDAM);
    expect(
      await failure(checkout.placeOrder(ownScope(), buyer, body({ savedAddressId: saved.id, saveAddress: true }))),
    ).toMatchObject({ code: "INVALID_INPUT", field: "saveAddress" });
  });
});
