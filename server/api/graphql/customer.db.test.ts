import type { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemScope } from "../../lib/scope.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { orderLines, orders } from "../../db/schema/index.ts";
import { MAX_ADDRESSES } from "../../modules/customers/index.ts";
import { createServices, type Services } from "../../services.ts";
import { graphqlApp, postGraphQL } from "../../../tests/support/graphql-harness.ts";
import { AMSTERDAM, registeredCustomer } from "../../../tests/support/customers-fixtures.ts";

const PUBLIC_URL = "http://shop.test";
let database: Database;
let services: Services;
let app: Hono<ShopEnv>;
/** How many times the session was looked up, over all requests. */
let sessionLookups = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const real = createServices(database, testServicesConfig({ publicUrl: PUBLIC_URL }));
  services = {
    ...real,
    accounts: {
      ...real.accounts,
      authenticate: (scope, token) => {
        sessionLookups += 1;
        return real.accounts.authenticate(scope, token);
      },
    },
  };
  app = graphqlApp({ services, database }, { publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

let people = 0;
const customer = () => registeredCustomer(services, database.db, ++people);

type Body = Record<string, unknown>;
const run = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postGraphQL<Body>(app, { query, variables }, headers).then(({ body }) => body);

/** The data of an answer that must have no errors. */
function dataOf<T = Body>(body: { data?: Body | null; errors?: unknown[] }): T {
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** The one error of an answer, with its code and extensions. */
function errorOf(body: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) {
  expect(body.errors).toHaveLength(1);
  return { message: body.errors![0]!.message, ...body.errors![0]!.extensions };
}

const amsterdam = AMSTERDAM;

const ADDRESS_FIELDS = "id firstName lastName line1 city province provinceName postalCode country countryName isDefault";
const ME = `query Me { me { id username email firstName lastName phone addresses { ${ADDRESS_FIELDS} } preferences { topic channel optedIn updatedAt } } }`;
const MUTATIONS = {
  profile: `mutation Profile($input: ProfileInput!) { updateProfile(input: $input) { id firstName lastName phone } }`,
  add: `mutation Add($input: AddressInput!) { addAddress(input: $input) { ${ADDRESS_FIELDS} } }`,
  update: `mutation Update($id: ID!, $input: AddressUpdate!) { updateAddress(id: $id, input: $input) { ${ADDRESS_FIELDS} } }`,
  remove: `mutation Remove($id: ID!) { deleteAddress(id: $id) { addresses { id isDefault } } }`,
  makeDefault: `mutation Default($id: ID!) { setDefaultAddress(id: $id) { addresses { id isDefault } } }`,
  preferences: `mutation Prefs($preferences: [PreferenceInput!]!) { updatePreferences(preferences: $preferences) { topic channel optedIn } }`,
};

describe("me", () => {
  test("null for a guest, or for a token that is not genuine", async () => {
    expect(dataOf(await run(ME))).toEqual({ me: null });
    expect(dataOf(await run(ME, {}, { authorization: "Bearer not.a.token" }))).toEqual({ me: null });
  });

  test("the logged-in customer by bearer token or by the auth cookie, with addresses and preferences", async () => {
    const person = await customer();
    await services.customers.updateProfile(systemScope(database.db), person.id, { firstName: "Petra" });
    const address = await services.customers.addAddress(systemScope(database.db), person.id, amsterdam);
    const byHeader = dataOf<{ me: Body }>(await run(ME, {}, person.bearer));
    expect(byHeader.me).toMatchObject({
      id: String(person.id),
      firstName: "Petra",
      lastName: null,
      addresses: [
        { ...amsterdam, id: String(address.id), province: null, provinceName: null, countryName: "Netherlands", isDefault: true },
      ],
    });
    expect(byHeader.me.preferences).toContainEqual({ topic: "ORDER_UPDATES", channel: "EMAIL", optedIn: true, updatedAt: null });
    expect(byHeader.me.preferences).toContainEqual({ topic: "MEMBER_NEWS", channel: "SMS", optedIn: false, updatedAt: null });
    expect(dataOf(await run(ME, {}, person.cookie))).toEqual(byHeader);
  });

  test("the session is looked up once per request, and not at all for catalogue queries", async () => {
    const person = await customer();
    const before = sessionLookups;
    dataOf(await run("{ a: me { id } b: me { email } c: me { addresses { id } } }", {}, person.bearer));
    expect(sessionLookups - before).toBe(1);
    dataOf(await run("{ countries { code } }", {}, person.bearer));
    expect(sessionLookups - before).toBe(1);
  });

  test("countries with their provinces", async () => {
    const { countries } = dataOf<{ countries: { code: string; name: string; provinces: { code: string; name: string }[] }[] }>(
      await run("{ countries { code name provinces { code name } } }"),
    );
    expect(countries.find((c) => c.code === "US")?.provinces).toContainEqual({ code: "CA", name: "California" });
    expect(countries.find((c) => c.code === "AW")).toEqual({ code: "AW", name: "Aruba", provinces: [] });
  });

  test("one country's address format, for an address form; null for a code that is no country", async () => {
    const query = `query Format($country: String!) { addressFormat(country: $country) {
      country countryName rows cityLabel provinceLabel postalCodeLabel required provinces { code name } postalCodeExample } }`;
    const { addressFormat: us } = dataOf<{ addressFormat: Body }>(await run(query, { country: "us" }));
    expect(us).toMatchObject({
      country: "US",
      countryName: "United States",
      rows: [["NAME"], ["COMPANY"], ["STREET"], ["CITY", "PROVINCE", "POSTAL_CODE"]],
      cityLabel: "Town or city",
      provinceLabel: "State",
      postalCodeLabel: "ZIP code",
      required: ["CITY", "PROVINCE", "POSTAL_CODE"],
      postalCodeExample: "95014",
    });
    expect(us.provinces).toContainEqual({ code: "IL", name: "Illinois" });
    const { addressFormat: nl } = dataOf<{ addressFormat: Body }>(await run(query, { country: "NL" }));
    expect(nl).toMatchObject({ rows: [["COMPANY"], ["NAME"], ["STREET"], ["POSTAL_CODE", "CITY"]], provinces: [] });
    expect(dataOf(await run(query, { country: "XX" }))).toEqual({ addressFormat: null });
  });
});

describe("orders", () => {
  let numbers = 0;
  async function placeOrder(userId: number, daysAgo: number) {
    numbers += 1;
    const [order] = await database.db
      .insert(orders)
      .values({
        number: `GQL-${numbers}`,
        userId,
        email: "keeper@example.com",
        status: "delivered",
        currency: "GBP",
        subtotal: 3000,
        shipping: 500,
        total: 3500,
        deliveryAddress: JSON.stringify({ firstName: "Jan", city: "London", country: "GB" }),
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      })
      .returning();
    await database.db.insert(orderLines).values({ orderId: order!.id, productName: "Shin Pads", quantity: 2, unitPrice: 1500 });
    return order!;
  }

  test("the history newest first, limited by first; one order with lines in its own currency", async () => {
    const person = await customer();
    const older = await placeOrder(person.id, 3);
    const newer = await placeOrder(person.id, 1);
    const query = `query Orders($first: Int, $id: ID!) {
      me {
        orders(first: $first) { id number status createdAt subtotal { amount currency } total { amount } }
        order(id: $id) { number status shipping { amount } deliveryAddress { firstName city country line1 } lines { productName quantity unitPrice { amount currency } lineTotal { amount } } }
      }
    }`;
    const { me } = dataOf<{ me: { orders: Body[]; order: Body } }>(await run(query, { id: String(older.id) }, person.bearer));
    expect(me.orders.map((o) => o.number)).toEqual([newer.number, older.number]);
    expect(me.orders[0]).toEqual({
      id: String(newer.id),
      number: newer.number,
      status: "DELIVERED",
      createdAt: newer.createdAt.toISOString(),
      subtotal: { amount: 3000, currency: "GBP" },
      total: { amount: 3500 },
    });
    expect(me.order).toEqual({
      number: older.number,
      status: "DELIVERED",
      shipping: { amount: 500 },
      deliveryAddress: { firstName: "Jan", city: "London", country: "GB", line1: null },
      lines: [
        { productName: "Shin Pads", quantity: 2, unitPrice: { amount: 1500, currency: "GBP" }, lineTotal: { amount: 3000 } },
      ],
    });
    const firstOnly = dataOf<{ me: { orders: unknown[] } }>(await run(query, { first: 1, id: String(newer.id) }, person.bearer));
    expect(firstOnly.me.orders).toHaveLength(1);
    expect(errorOf(await run(query, { first: 0, id: String(newer.id) }, person.bearer))).toMatchObject({
      code: "BAD_USER_INPUT",
      argument: "first",
    });
  });

  test("another customer's order is NOT_FOUND, and the rest of me still answers", async () => {
    const owner = await customer();
    const stranger = await customer();
    const theirs = await placeOrder(owner.id, 1);
    for (const id of [String(theirs.id), "999999", "abc"]) {
      const body = await run(`query($id: ID!) { me { id order(id: $id) { number } } }`, { id }, stranger.bearer);
      expect(errorOf(body)).toMatchObject({ code: "NOT_FOUND", message: "This order does not exist." });
      expect(body.data).toEqual({ me: { id: String(stranger.id), order: null } });
    }
  });

  test("the cost limit counts a big orders page by its first", async () => {
    const person = await customer();
    const page = (first: number) =>
      Array.from(
        { length: 10 },
        (_, i) =>
          `o${i}: orders(first: ${first}) { id number status createdAt subtotal { amount currency } total { amount currency } }`,
      ).join(" ");
    dataOf(await run(`{ me { ${page(20)} } }`, {}, person.bearer));
    expect(errorOf(await run(`{ me { ${page(100)} } }`, {}, person.bearer))).toMatchObject({ code: "MAX_COST_EXCEEDED" });
  });
});

describe("mutations", () => {
  test("without a session every mutation is UNAUTHENTICATED, and nothing changes", async () => {
    const person = await customer();
    const address = await services.customers.addAddress(systemScope(database.db), person.id, amsterdam);
    const attempts: [string, Record<string, unknown>][] = [
      [MUTATIONS.profile, { input: { firstName: "Mallory" } }],
      [MUTATIONS.add, { input: amsterdam }],
      [MUTATIONS.update, { id: String(address.id), input: { city: "Utrecht" } }],
      [MUTATIONS.remove, { id: String(address.id) }],
      [MUTATIONS.makeDefault, { id: String(address.id) }],
      [MUTATIONS.preferences, { preferences: [{ topic: "NEWSLETTER", channel: "EMAIL", optedIn: true }] }],
    ];
    for (const [query, variables] of attempts) {
      for (const headers of [{}, { authorization: "Bearer nope" }] as Record<string, string>[]) {
        const body = await run(query, variables, headers);
        expect(errorOf(body)).toMatchObject({ code: "UNAUTHENTICATED", message: "Please log in." });
        expect(body.data).toBeNull();
      }
    }
    expect(await services.customers.listAddresses(systemScope(database.db), person.id)).toEqual([address]);
  });

  test("profile: changed fields answer the customer as they now are; a bad one is BAD_USER_INPUT naming it", async () => {
    const person = await customer();
    const changed = dataOf<{ updateProfile: Body }>(
      await run(MUTATIONS.profile, { input: { firstName: "Petra", phone: "+44 20 7946 0000" } }, person.bearer),
    );
    expect(changed.updateProfile).toEqual({
      id: String(person.id),
      firstName: "Petra",
      lastName: null,
      phone: "+44 20 7946 0000",
    });
    const cleared = dataOf<{ updateProfile: Body }>(await run(MUTATIONS.profile, { input: { phone: null } }, person.bearer));
    expect(cleared.updateProfile).toMatchObject({ firstName: "Petra", phone: null });
    expect(errorOf(await run(MUTATIONS.profile, { input: { lastName: "x".repeat(81) } }, person.bearer))).toEqual({
      message: "Use at most 80 characters for the last name.",
      code: "BAD_USER_INPUT",
      field: "lastName",
      argument: "input.lastName",
    });
  });

  test("addresses: add, edit, choose the default, delete; field errors name the field", async () => {
    const person = await customer();
    const first = dataOf<{ addAddress: Body }>(await run(MUTATIONS.add, { input: amsterdam }, person.bearer)).addAddress;
    expect(first).toMatchObject({ ...amsterdam, isDefault: true });
    const second = dataOf<{ addAddress: Body }>(
      await run(
        MUTATIONS.add,
        { input: { ...amsterdam, country: "US", province: "IL", postalCode: "60601", city: "Chicago" } },
        person.bearer,
      ),
    ).addAddress;
    expect(second.isDefault).toBe(false);

    expect(errorOf(await run(MUTATIONS.add, { input: { ...amsterdam, postalCode: "12345" } }, person.bearer))).toEqual({
      message: "This is not a valid postcode for Netherlands: e.g. 1234 AB.",
      code: "BAD_USER_INPUT",
      field: "postalCode",
      argument: "input.postalCode",
    });
    expect(
      errorOf(
        await run(MUTATIONS.add, { input: { ...amsterdam, country: "US", province: null, postalCode: "60601" } }, person.bearer),
      ),
    ).toMatchObject({ code: "BAD_USER_INPUT", field: "province" });

    const edited = dataOf<{ updateAddress: Body }>(
      await run(MUTATIONS.update, { id: second.id, input: { city: "Evanston", postalCode: "60201" } }, person.bearer),
    ).updateAddress;
    expect(edited).toMatchObject({ id: second.id, city: "Evanston", postalCode: "60201", province: "IL" });
    // Printed as the US post writes it.
    const lines = dataOf<{ me: { addresses: { id: string; lines: string[] }[] } }>(
      await run("{ me { addresses { id lines } } }", {}, person.bearer),
    ).me.addresses.find((a) => a.id === second.id)?.lines;
    expect(lines).toEqual(["Jan Jansen", "Dorpsstraat 1", "Evanston, IL 60201", "United States"]);

    const chosen = dataOf<{ setDefaultAddress: { addresses: Body[] } }>(
      await run(MUTATIONS.makeDefault, { id: second.id }, person.bearer),
    );
    expect(chosen.setDefaultAddress.addresses).toEqual([
      { id: second.id, isDefault: true },
      { id: first.id, isDefault: false },
    ]);
    const afterDelete = dataOf<{ deleteAddress: { addresses: Body[] } }>(
      await run(MUTATIONS.remove, { id: second.id }, person.bearer),
    );
    expect(afterDelete.deleteAddress.addresses).toEqual([{ id: first.id, isDefault: true }]);
  });

  test("another customer's address is NOT_FOUND for every change", async () => {
    const owner = await customer();
    const stranger = await customer();
    const theirs = await services.customers.addAddress(systemScope(database.db), owner.id, amsterdam);
    const id = String(theirs.id);
    for (const [query, variables] of [
      [MUTATIONS.update, { id, input: { city: "Utrecht" } }],
      [MUTATIONS.remove, { id }],
      [MUTATIONS.makeDefault, { id }],
    ] as [string, Record<string, unknown>][]) {
      expect(errorOf(await run(query, variables, stranger.bearer))).toMatchObject({
        code: "NOT_FOUND",
        message: "This address does not exist.",
      });
    }
    expect(await services.customers.listAddresses(systemScope(database.db), owner.id)).toEqual([theirs]);
  });

  test(`an address beyond ${MAX_ADDRESSES} is ADDRESS_LIMIT_REACHED`, async () => {
    const person = await customer();
    for (let n = 0; n < MAX_ADDRESSES; n += 1)
      await services.customers.addAddress(systemScope(database.db), person.id, amsterdam);
    expect(errorOf(await run(MUTATIONS.add, { input: amsterdam }, person.bearer))).toMatchObject({
      code: "ADDRESS_LIMIT_REACHED",
      limit: MAX_ADDRESSES,
    });
  });

  test("preferences change by enum names and are logged with the source graphql", async () => {
    const person = await customer();
    const { updatePreferences } = dataOf<{ updatePreferences: Body[] }>(
      await run(
        MUTATIONS.preferences,
        {
          preferences: [
            { topic: "MEMBER_NEWS", channel: "SMS", optedIn: true },
            { topic: "ORDER_UPDATES", channel: "EMAIL", optedIn: true },
          ],
        },
        person.cookie,
      ),
    );
    expect(updatePreferences.filter((p) => p.optedIn)).toEqual([
      { topic: "MEMBER_NEWS", channel: "SMS", optedIn: true },
      { topic: "ORDER_UPDATES", channel: "EMAIL", optedIn: true },
    ]);
    expect(await services.customers.preferenceLog(systemScope(database.db), person.id)).toEqual([
      expect.objectContaining({ topic: "member-news", channel: "sms", optedIn: true, source: "graphql" }),
    ]);
    const twice = await run(
      MUTATIONS.preferences,
      {
        preferences: [
          { topic: "NEWSLETTER", channel: "SMS", optedIn: true },
          { topic: "NEWSLETTER", channel: "SMS", optedIn: false },
        ],
      },
      person.bearer,
    );
    expect(errorOf(twice)).toMatchObject({ code: "BAD_USER_INPUT", field: "preferences.1", argument: "preferences.1" });
  });

  test("a change riding on the auth cookie from another site's page is FORBIDDEN; with the shop's origin it works", async () => {
    const person = await customer();
    const evil = await run(MUTATIONS.add, { input: amsterdam }, { ...person.cookie, origin: "https://evil.example" });
    expect(errorOf(evil)).toMatchObject({ code: "FORBIDDEN" });
    expect(await services.customers.listAddresses(systemScope(database.db), person.id)).toEqual([]);
    dataOf(await run(MUTATIONS.add, { input: amsterdam }, { ...person.cookie, origin: PUBLIC_URL }));
    expect(await services.customers.listAddresses(systemScope(database.db), person.id)).toHaveLength(1);
  });
});
