import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { systemScope } from "../../lib/scope.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { orderLines, orders } from "../../db/schema/index.ts";
import { MAX_ADDRESSES, type Customers } from "../../modules/customers/index.ts";
import { createServices, type Services } from "../../services.ts";
import { customersApi } from "./customers.ts";
import { AMSTERDAM, registeredCustomer } from "../../../tests/support/customers-fixtures.ts";

const PUBLIC_URL = "http://shop.test";
let database: Database;
let services: Services;
let customers: Customers;
let app: Hono<ShopEnv>;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig({ publicUrl: PUBLIC_URL }));
  customers = services.customers;
  app = shopApp({ services, database }, { publicUrl: PUBLIC_URL });
  app.route("/customers", customersApi());
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

let people = 0;
const customer = () => registeredCustomer(services, database.db, ++people);

function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return app.request(`/customers${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function dataOf<T = Record<string, unknown>>(response: Response, status = 200): Promise<T> {
  const body = (await response.json()) as { data: T; meta: Record<string, unknown>; error?: unknown };
  expect(response.status, JSON.stringify(body.error)).toBe(status);
  return body.data;
}

async function errorOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as {
    data: null;
    error: { status: number; name: string; message: string; details: Record<string, unknown> };
  };
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(status);
  return body.error;
}

const amsterdam = AMSTERDAM;

describe("who may call", () => {
  const everyEndpoint: [string, string, unknown?][] = [
    ["GET", "/me"],
    ["PATCH", "/me", { firstName: "X" }],
    ["GET", "/me/addresses"],
    ["POST", "/me/addresses", amsterdam],
    ["PATCH", "/me/addresses/1", { city: "Utrecht" }],
    ["DELETE", "/me/addresses/1"],
    ["POST", "/me/addresses/1/default"],
    ["GET", "/me/preferences"],
    ["PUT", "/me/preferences", { preferences: [] }],
    ["GET", "/me/orders"],
    ["GET", "/me/orders/1"],
  ];

  test("without a token, or with one that is not genuine, every /me endpoint answers 401", async () => {
    const { jwt } = await customer();
    const tampered = `${jwt.slice(0, -4)}AAAA`;
    for (const [method, path, body] of everyEndpoint) {
      expect((await errorOf(await call(method, path, {}, body), 401)).name).toBe("UnauthorizedError");
      await errorOf(await call(method, path, { authorization: `Bearer ${tampered}` }, body), 401);
      await errorOf(await call(method, path, { authorization: `Basic ${jwt}` }, body), 401);
    }
  });

  test("a logged-out session answers 401", async () => {
    const person = await customer();
    expect((await call("GET", "/me", person.bearer)).status).toBe(200);
    await services.accounts.logout(systemScope(database.db), person.jwt);
    await errorOf(await call("GET", "/me", person.bearer), 401);
  });

  test("a change riding on the auth cookie from another site is refused; from the shop's pages, or with a header, it works", async () => {
    const person = await customer();
    const evil = { origin: "https://evil.example" };
    for (const [method, path, body] of everyEndpoint.filter(([method]) => method !== "GET")) {
      const refused = await errorOf(await call(method, path, { ...person.cookie, ...evil }, body), 403);
      expect(refused.name).toBe("ForbiddenError");
    }
    await errorOf(await call("POST", "/me/addresses", { ...person.cookie, "sec-fetch-site": "cross-site" }, amsterdam), 403);
    expect(await customers.listAddresses(systemScope(database.db), person.id)).toEqual([]);

    await dataOf(await call("POST", "/me/addresses", { ...person.cookie, origin: PUBLIC_URL }, amsterdam), 201);
    // A bearer header is never sent by a browser on its own, so another site cannot use it.
    await dataOf(await call("POST", "/me/addresses", { ...person.bearer, ...evil }, amsterdam), 201);
    // Reading is not refused: another site's page cannot read the answer (no CORS).
    expect((await call("GET", "/me", { ...person.cookie, ...evil })).status).toBe(200);
  });

  test("answers about the customer are never cached; the countries are public and cacheable", async () => {
    const person = await customer();
    const response = await call("GET", "/me/addresses", person.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");

    const countries = await call("GET", "/countries");
    expect(countries.headers.get("cache-control")).toBe("public, max-age=86400");
    const body = (await countries.json()) as {
      data: { code: string; name: string; provinces: unknown[] }[];
      meta: { count: number };
    };
    expect(body.meta.count).toBe(body.data.length);
    // Google's address data: Dutch addresses name no province, US ones a state.
    expect(body.data.find((c) => c.code === "NL")).toEqual({ code: "NL", name: "Netherlands", provinces: [] });
    expect(body.data.find((c) => c.code === "US")?.provinces).toContainEqual({ code: "CA", name: "California" });
    expect(body.data.find((c) => c.code === "AW")?.provinces).toEqual([]);
  });

  test("wrong methods answer 405 with Allow; unknown paths 404, both in the API's shape", async () => {
    const person = await customer();
    const wrong = await call("DELETE", "/me", person.bearer);
    expect((await errorOf(wrong, 405)).name).toBe("MethodNotAllowedError");
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, PATCH");
    expect((await call("POST", "/countries")).headers.get("allow")).toBe("GET, HEAD");
    await errorOf(await call("GET", "/me/wishlist", person.bearer), 404);
    await errorOf(await call("GET", "/nothing-here"), 404);
  });
});

describe("GET and PATCH /me", () => {
  test("the user with their personal details; a change answers the user as it now is", async () => {
    const person = await customer();
    const me = await dataOf(await call("GET", "/me", person.bearer));
    expect(me).toMatchObject({ id: person.id, username: expect.stringMatching(/^keeper/), firstName: null, phone: null });
    expect(JSON.stringify(me)).not.toMatch(/password|jwt/i);

    const changed = await dataOf(
      await call("PATCH", "/me", person.bearer, { data: { firstName: " Petra ", lastName: "Keeper", phone: "+31 6 12345678" } }),
    );
    expect(changed).toMatchObject({ id: person.id, firstName: "Petra", lastName: "Keeper", phone: "+31 6 12345678" });
    expect(await dataOf(await call("GET", "/me", person.bearer))).toMatchObject({ firstName: "Petra", lastName: "Keeper" });
  });

  test("wrong types and bad values are a 400 naming the field; bodies must be JSON objects", async () => {
    const person = await customer();
    expect((await errorOf(await call("PATCH", "/me", person.bearer, { firstName: ["Petra"] }), 400)).details).toEqual({
      param: "firstName",
      errors: [{ path: ["firstName"], message: "Enter a first name.", name: "ValidationError" }],
    });
    const phone = await errorOf(await call("PATCH", "/me", person.bearer, { phone: "123" }), 400);
    expect(phone).toMatchObject({ name: "ValidationError", details: { param: "phone" } });
    expect((await errorOf(await call("PATCH", "/me", person.bearer, "[1]"), 400)).details).toEqual({ param: "body" });
    expect((await errorOf(await call("PATCH", "/me", person.bearer, "{oops"), 400)).details).toEqual({ param: "body" });
    const form = await app.request("/customers/me", {
      method: "PATCH",
      headers: { ...person.bearer, "content-type": "application/x-www-form-urlencoded" },
      body: "firstName=Petra",
    });
    await errorOf(form, 415);
  });
});

describe("addresses", () => {
  test("add, list, edit, choose the default and delete", async () => {
    const person = await customer();
    const first = await dataOf<{ id: number; isDefault: boolean }>(
      await call("POST", "/me/addresses", person.bearer, amsterdam),
      201,
    );
    expect(first).toMatchObject({
      ...amsterdam,
      isDefault: true,
      countryName: "Netherlands",
      province: null,
      provinceName: null,
    });
    const second = await dataOf<{ id: number }>(
      await call("POST", "/me/addresses", person.bearer, {
        ...amsterdam,
        country: "US",
        province: "CA",
        postalCode: "90210",
        city: "Beverly Hills",
      }),
      201,
    );

    const listed = await call("GET", "/me/addresses", person.bearer);
    const body = (await listed.json()) as { data: { id: number }[]; meta: Record<string, unknown> };
    expect(body.data.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(body.meta).toEqual({ limit: MAX_ADDRESSES });

    const edited = await dataOf(await call("PATCH", `/me/addresses/${second.id}`, person.bearer, { line2: "Suite 5" }));
    expect(edited).toMatchObject({ id: second.id, line2: "Suite 5", city: "Beverly Hills", isDefault: false });

    expect(await dataOf(await call("POST", `/me/addresses/${second.id}/default`, person.bearer))).toMatchObject({
      id: second.id,
      isDefault: true,
    });
    const deleted = await dataOf(await call("DELETE", `/me/addresses/${second.id}`, person.bearer));
    expect(deleted).toMatchObject({ id: second.id });
    const remaining = await dataOf<{ id: number; isDefault: boolean }[]>(await call("GET", "/me/addresses", person.bearer));
    expect(remaining).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
  });

  test("another customer's address, or an unknown one, is a 404", async () => {
    const owner = await customer();
    const stranger = await customer();
    const theirs = await customers.addAddress(systemScope(database.db), owner.id, amsterdam);
    for (const [method, path, body] of [
      ["PATCH", `/me/addresses/${theirs.id}`, { city: "Utrecht" }],
      ["DELETE", `/me/addresses/${theirs.id}`],
      ["POST", `/me/addresses/${theirs.id}/default`],
      ["PATCH", "/me/addresses/999999", { city: "Utrecht" }],
      ["DELETE", "/me/addresses/abc"],
    ] as [string, string, unknown?][]) {
      const error = await errorOf(await call(method, path, stranger.bearer, body), 404);
      expect(error).toMatchObject({ name: "NotFoundError", message: "Address not found", details: { param: "id" } });
    }
    expect(await customers.listAddresses(systemScope(database.db), owner.id)).toEqual([theirs]);
    expect(await dataOf(await call("GET", "/me/addresses", stranger.bearer))).toEqual([]);
  });

  test("province and postal code rules are a 400 naming the field; wrong types too", async () => {
    const person = await customer();
    const cases: [unknown, string][] = [
      [{ ...amsterdam, postalCode: "12345" }, "postalCode"],
      [{ ...amsterdam, country: "US", province: undefined, postalCode: "90210" }, "province"],
      [{ ...amsterdam, country: "ZZ" }, "country"],
      [{ ...amsterdam, country: 31 }, "country"],
      [{ ...amsterdam, line1: { street: "Dorpsstraat" } }, "line1"],
      [{ ...amsterdam, isDefault: [true] }, "isDefault"],
    ];
    for (const [body, param] of cases) {
      const error = await errorOf(await call("POST", "/me/addresses", person.bearer, body), 400);
      expect(error).toMatchObject({ name: "ValidationError", details: { param } });
    }
    const created = await customers.addAddress(systemScope(database.db), person.id, amsterdam);
    const error = await errorOf(await call("PATCH", `/me/addresses/${created.id}`, person.bearer, { postalCode: "ABC" }), 400);
    expect(error).toMatchObject({
      message: "This is not a valid postcode for Netherlands: e.g. 1234 AB.",
      details: { param: "postalCode" },
    });
  });

  test(`an address beyond ${MAX_ADDRESSES} is a 409`, async () => {
    const person = await customer();
    for (let n = 0; n < MAX_ADDRESSES; n += 1) await customers.addAddress(systemScope(database.db), person.id, amsterdam);
    const error = await errorOf(await call("POST", "/me/addresses", person.bearer, amsterdam), 409);
    expect(error).toMatchObject({ name: "AddressLimitError", details: { limit: MAX_ADDRESSES } });
  });
});

describe("communication preferences", () => {
  test("read all, change some; changes are logged with the source api", async () => {
    const person = await customer();
    const before = await dataOf<{ topic: string; channel: string; optedIn: boolean }[]>(
      await call("GET", "/me/preferences", person.bearer),
    );
    expect(before).toHaveLength(6);
    expect(before.filter((p) => p.optedIn)).toEqual([
      { topic: "order-updates", channel: "email", optedIn: true, updatedAt: null },
    ]);

    const after = await dataOf<{ topic: string; channel: string; optedIn: boolean }[]>(
      await call("PUT", "/me/preferences", person.bearer, {
        preferences: [
          { topic: "newsletter", channel: "sms", optedIn: true },
          { topic: "order-updates", channel: "email", optedIn: true },
        ],
      }),
    );
    expect(after.filter((p) => p.optedIn).map((p) => `${p.topic}/${p.channel}`)).toEqual([
      "newsletter/sms",
      "order-updates/email",
    ]);
    expect(await customers.preferenceLog(systemScope(database.db), person.id)).toEqual([
      expect.objectContaining({ topic: "newsletter", channel: "sms", optedIn: true, source: "api" }),
    ]);
  });

  test("bad lists are a 400 naming the entry", async () => {
    const person = await customer();
    const put = (body: unknown) => call("PUT", "/me/preferences", person.bearer, body);
    expect(
      (await errorOf(await put({ preferences: [{ topic: "newsletter", channel: "email", optedIn: "yes" }] }), 400)).details,
    ).toEqual({
      param: "preferences.0.optedIn",
      errors: [
        { path: ["preferences", "0", "optedIn"], message: "Say whether you opt in (true or false).", name: "ValidationError" },
      ],
    });
    expect((await errorOf(await put({}), 400)).details).toMatchObject({ param: "preferences" });
    expect((await errorOf(await put({ preferences: "all" }), 400)).details).toMatchObject({ param: "preferences" });
  });
});

describe("orders", () => {
  let orderCount = 0;
  async function placeOrder(userId: number, daysAgo: number) {
    orderCount += 1;
    const [order] = await database.db
      .insert(orders)
      .values({
        number: `API-${orderCount}`,
        userId,
        email: "keeper@example.com",
        status: "shipped",
        currency: "EUR",
        subtotal: 4999,
        total: 5494,
        shipping: 495,
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      })
      .returning();
    await database.db
      .insert(orderLines)
      .values({ orderId: order!.id, productName: "Pro Grip Gloves", quantity: 1, unitPrice: 4999 });
    return order!;
  }

  test("the history newest first, one order with its lines, an empty history for a new customer", async () => {
    const person = await customer();
    expect(await dataOf(await call("GET", "/me/orders", person.bearer))).toEqual([]);
    const older = await placeOrder(person.id, 5);
    const newer = await placeOrder(person.id, 1);
    const list = await dataOf<{ number: string }[]>(await call("GET", "/me/orders", person.bearer));
    expect(list.map((o) => o.number)).toEqual([newer.number, older.number]);
    expect(list[0]).toMatchObject({
      status: "shipped",
      subtotal: 4999,
      currency: "EUR",
      createdAt: newer.createdAt.toISOString(),
    });
    expect(await dataOf<unknown[]>(await call("GET", "/me/orders?first=1", person.bearer))).toHaveLength(1);
    expect((await errorOf(await call("GET", "/me/orders?first=lots", person.bearer), 400)).details).toMatchObject({
      param: "first",
    });

    const one = await dataOf(await call("GET", `/me/orders/${older.id}`, person.bearer));
    expect(one).toMatchObject({
      id: older.id,
      number: older.number,
      shipping: 495,
      total: 5494,
      lines: [{ productName: "Pro Grip Gloves", quantity: 1, unitPrice: 4999, lineTotal: 4999 }],
    });
  });

  test("another customer's order, or an unknown one, is a 404", async () => {
    const owner = await customer();
    const stranger = await customer();
    const theirs = await placeOrder(owner.id, 1);
    for (const id of [String(theirs.id), "999999", "abc"]) {
      const error = await errorOf(await call("GET", `/me/orders/${id}`, stranger.bearer), 404);
      expect(error).toMatchObject({ name: "NotFoundError", message: "Order not found" });
    }
    expect(await dataOf(await call("GET", "/me/orders", stranger.bearer))).toEqual([]);
  });
});
