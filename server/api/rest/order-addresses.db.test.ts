import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import type { OrderView } from "../../modules/orders/index.ts";
import { customersApi } from "./customers.ts";
import { ecommerceApi } from "./ecommerce.ts";

/*
 * Issue 22 §1: the delivery address of POST /ecommerce/orders follows its country's format (ADR 49).
 * A Dutch buyer was asked for a "province or state"; a US one must still name a state.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let option: number;

beforeAll(async () => {
  shop = await seededShop(6);
  app = shopApp(shop);
  app.route("/ecommerce", ecommerceApi());
  app.route("/customers", customersApi());
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

interface Answer<T> {
  status: number;
  body: { data: T; error?: { status: number; name: string; message: string; details: Record<string, unknown> } };
}

async function call<T = OrderView>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await app.request(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>["body"] };
}

async function guestCart(): Promise<string> {
  const created = await call<{ id: string }>("POST", "/ecommerce/carts");
  await call("POST", `/ecommerce/carts/${created.body.data.id}/lines`, { variantId: option, quantity: 1 });
  return created.body.data.id;
}

/** The address, exactly. */
const DUTCH = {
  firstName: "Sam",
  lastName: "Keeper",
  line1: "Keizersgracht 1",
  city: "Amsterdam",
  postalCode: "1015 CJ",
  country: "NL",
};

/** The seed's standard delivery of the address's zone (checkout-defaults.ts). */
const STANDARD: Record<string, string> = { NL: "home-standard", DE: "eu-standard", US: "world-standard" };

const order = async (shippingAddress: Record<string, unknown>) =>
  call("POST", "/ecommerce/orders", {
    cartId: await guestCart(),
    email: "address-buyer@example.com",
    shippingAddress,
    deliveryMethod: STANDARD[String(shippingAddress.country)],
  });

describe("POST /ecommerce/orders: the address in its country's format", () => {
  test("the issue's Dutch address without a province is taken (it was 400 'Choose a province or state of Netherlands.')", async () => {
    const placed = await order(DUTCH);
    expect(placed.body.error).toBeUndefined();
    expect(placed.status).toBe(201);
    expect(placed.body.data.shippingAddress).toMatchObject({ ...DUTCH, province: null, countryName: "Netherlands" });
    // Printed as the Dutch post writes it: postcode before the town.
    expect(placed.body.data.shippingAddress?.lines).toEqual([
      "Sam Keeper",
      "Keizersgracht 1",
      "1015 CJ Amsterdam",
      "Netherlands",
    ]);
  });

  test("a province sent with a Dutch or German address is dropped, whatever it says", async () => {
    const dutch = await order({ ...DUTCH, province: "NH" });
    expect(dutch.status).toBe(201);
    expect(dutch.body.data.shippingAddress?.province).toBeNull();
    const german = await order({
      ...DUTCH,
      line1: "Unter den Linden 1",
      city: "Berlin",
      postalCode: "10117",
      country: "DE",
      province: "XX",
    });
    expect(german.body.error).toBeUndefined();
    expect(german.status).toBe(201);
    expect(german.body.data.shippingAddress).toMatchObject({
      province: null,
      lines: ["Sam Keeper", "Unter den Linden 1", "10117 Berlin", "Germany"],
    });
  });

  test("a US address needs a state of the list and a ZIP code, each a 400 naming its field in the country's words", async () => {
    const us = { ...DUTCH, line1: "1 Main Street", city: "Chicago", postalCode: "60601", country: "US" };
    const noState = await order(us);
    expect(noState.status).toBe(400);
    expect(noState.body.error).toMatchObject({
      name: "ValidationError",
      message: "Choose a state of United States.",
      details: { param: "shippingAddress.province" },
    });
    const notAState = await order({ ...us, province: "NH-X" });
    expect(notAState.body.error).toMatchObject({
      message: "This is not a state of United States.",
      details: { param: "shippingAddress.province" },
    });
    const noZip = await order({ ...us, province: "IL", postalCode: null });
    expect(noZip.body.error).toMatchObject({ message: "Enter a ZIP code.", details: { param: "shippingAddress.postalCode" } });
    const placed = await order({ ...us, province: "il" });
    expect(placed.body.error).toBeUndefined();
    expect(placed.status).toBe(201);
    expect(placed.body.data.shippingAddress).toMatchObject({ province: "IL", provinceName: "Illinois" });
    expect(placed.body.data.shippingAddress?.lines).toEqual([
      "Sam Keeper",
      "1 Main Street",
      "Chicago, IL 60601",
      "United States",
    ]);
  });

  test("the address form's format of a country is public: GET /customers/countries/{code}/address-format", async () => {
    const us = await call<Record<string, unknown>>("GET", "/customers/countries/us/address-format");
    expect(us.status).toBe(200);
    expect(us.body.data).toMatchObject({
      country: "US",
      labels: { province: "State", postalCode: "ZIP code" },
      required: ["city", "province", "postalCode"],
      rows: [["name"], ["company"], ["street"], ["city", "province", "postalCode"]],
    });
    const nl = await call<Record<string, unknown>>("GET", "/customers/countries/NL/address-format");
    expect(nl.body.data).toMatchObject({ required: ["city", "postalCode"], provinces: [] });
    expect((await call("GET", "/customers/countries/XX/address-format")).status).toBe(404);
  });
});
