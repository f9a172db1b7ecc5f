import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { addresses } from "../../db/schema/index.ts";
import { createCustomers, MAX_ADDRESSES, type AddressView, type Customers } from "./index.ts";
import { shopErrorCode, type ShopError } from "../../lib/shop-error.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { deliveryAddressInput } from "./schemas.ts";
import { savedAddressFields } from "./order-addresses.ts";
import { AMSTERDAM, newCustomerId } from "../../../tests/support/customers-fixtures.ts";

let database: Database;
let customers: Customers;
let scope: Scope;

beforeAll(async () => {
  database = await createTestDatabase();
  customers = createCustomers();
  scope = systemScope(database.db);
});

afterAll(async () => {
  await database?.close();
});

const amsterdam = AMSTERDAM;
const chicago = { ...amsterdam, city: "Chicago", line1: "1 Main Street", province: "IL", postalCode: "60601", country: "US" };

/** The error `promise` fails with, for checking its type and fields. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

async function inputError(promise: Promise<unknown>): Promise<{ field: string; message: string }> {
  const error = await failure(promise);
  expect(shopErrorCode(error)).toBe("INVALID_INPUT");
  return { field: (error as ShopError).field ?? "", message: error.message };
}

const defaults = async (userId: number) =>
  (await customers.listAddresses(scope, userId)).filter((address) => address.isDefault).map((address) => address.id);

describe("the default address", () => {
  test("the first address is the default; later ones are not unless asked; the default is listed first", async () => {
    const me = await newCustomerId(database.db);
    const first = await customers.addAddress(scope, me, amsterdam);
    expect(first).toMatchObject({
      ...amsterdam,
      province: null,
      isDefault: true,
      countryName: "Netherlands",
      provinceName: null,
      lines: ["Jan Jansen", "Dorpsstraat 1", "1234 AB Amsterdam", "Netherlands"],
    });
    const second = await customers.addAddress(scope, me, chicago);
    expect(second.isDefault).toBe(false);
    expect((await customers.listAddresses(scope, me)).map((a) => a.id)).toEqual([first.id, second.id]);

    const third = await customers.addAddress(scope, me, { ...amsterdam, line1: "Kerkstraat 2", isDefault: "on" });
    expect(third.isDefault).toBe(true);
    expect(await defaults(me)).toEqual([third.id]);
    expect((await customers.listAddresses(scope, me)).map((a) => a.id)).toEqual([third.id, second.id, first.id]);
  });

  test("choosing another default leaves exactly one, also when two choices race", async () => {
    const me = await newCustomerId(database.db);
    const a = await customers.addAddress(scope, me, amsterdam);
    const b = await customers.addAddress(scope, me, chicago);
    const c = await customers.addAddress(scope, me, { ...chicago, line1: "2 Main Street" });

    expect(await customers.setDefaultAddress(scope, me, String(b.id))).toMatchObject({ id: b.id, isDefault: true });
    expect(await defaults(me)).toEqual([b.id]);
    // Choosing the default again changes nothing.
    expect((await customers.setDefaultAddress(scope, me, b.id)).isDefault).toBe(true);

    await Promise.all([customers.setDefaultAddress(scope, me, a.id), customers.setDefaultAddress(scope, me, c.id)]);
    const after = await defaults(me);
    expect(after).toHaveLength(1);
    expect([a.id, c.id]).toContain(after[0]);
  });

  test("deleting the default makes the most recent remaining address the default", async () => {
    const me = await newCustomerId(database.db);
    const oldest = await customers.addAddress(scope, me, amsterdam);
    const middle = await customers.addAddress(scope, me, chicago);
    const newest = await customers.addAddress(scope, me, { ...chicago, line1: "3 Main Street" });
    await customers.setDefaultAddress(scope, me, middle.id);

    // A non-default goes without moving the default.
    expect((await customers.deleteAddress(scope, me, oldest.id)).id).toBe(oldest.id);
    expect(await defaults(me)).toEqual([middle.id]);

    const deleted = await customers.deleteAddress(scope, me, middle.id);
    expect(deleted).toMatchObject({ id: middle.id, isDefault: true });
    expect(await defaults(me)).toEqual([newest.id]);

    await customers.deleteAddress(scope, me, newest.id);
    expect(await customers.listAddresses(scope, me)).toEqual([]);
    // With none left, the next one is the default again.
    expect((await customers.addAddress(scope, me, amsterdam)).isDefault).toBe(true);
  });

  test("an edit can make an address the default, but not unset the default", async () => {
    const me = await newCustomerId(database.db);
    const a = await customers.addAddress(scope, me, amsterdam);
    const b = await customers.addAddress(scope, me, chicago);
    expect(await inputError(customers.updateAddress(scope, me, a.id, { isDefault: false }))).toEqual({
      field: "isDefault",
      message: "Choose another address as the default instead.",
    });
    const edited = await customers.updateAddress(scope, me, b.id, { isDefault: true, city: "Springfield" });
    expect(edited).toMatchObject({ id: b.id, isDefault: true, city: "Springfield" });
    expect(await defaults(me)).toEqual([b.id]);
  });
});

describe("whose addresses", () => {
  test("another customer's address, or an unknown id, is not found, and stays as it was", async () => {
    const me = await newCustomerId(database.db);
    const other = await newCustomerId(database.db);
    const theirs = await customers.addAddress(scope, other, amsterdam);
    await customers.addAddress(scope, me, chicago);

    // One at a time: each attempt starts only when the one before has failed.
    for (const attempt of [
      () => customers.updateAddress(scope, me, theirs.id, { city: "Utrecht" }),
      () => customers.deleteAddress(scope, me, theirs.id),
      () => customers.setDefaultAddress(scope, me, theirs.id),
      () => customers.updateAddress(scope, me, 999_999, { city: "Utrecht" }),
      () => customers.deleteAddress(scope, me, "abc"),
      () => customers.setDefaultAddress(scope, me, { id: theirs.id }),
    ]) {
      const error = await failure(attempt());
      expect(shopErrorCode(error)).toBe("ADDRESS_NOT_FOUND");
    }
    expect(await customers.listAddresses(scope, other)).toEqual([theirs]);
    expect((await customers.listAddresses(scope, me)).map((a) => a.city)).toEqual(["Chicago"]);
  });

  test(`at most ${MAX_ADDRESSES} addresses per customer`, async () => {
    const me = await newCustomerId(database.db);
    for (let n = 1; n <= MAX_ADDRESSES; n += 1)
      await customers.addAddress(scope, me, { ...amsterdam, line1: `Dorpsstraat ${n}` });
    const error = await failure(customers.addAddress(scope, me, amsterdam));
    expect(shopErrorCode(error)).toBe("ADDRESS_LIMIT_REACHED");
    expect((error as ShopError).details.limit).toBe(MAX_ADDRESSES);
    expect(await database.db.$count(addresses, eq(addresses.userId, me))).toBe(MAX_ADDRESSES);
    // Another customer is not held back by this one's addresses.
    expect((await customers.addAddress(scope, await newCustomerId(database.db), amsterdam)).isDefault).toBe(true);
  });
});

describe("countries, provinces and postal codes", () => {
  test("a Dutch postcode is checked and tidied, a Dutch province dropped; a US address needs a state of the US", async () => {
    const me = await newCustomerId(database.db);
    const tidied = await customers.addAddress(scope, me, {
      ...amsterdam,
      country: " nl ",
      province: "nh",
      postalCode: " 1234   ab ",
    });
    expect(tidied).toMatchObject({ country: "NL", province: null, postalCode: "1234 AB" });

    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, postalCode: "12345" }))).toEqual({
      field: "postalCode",
      message: "This is not a valid postcode for Netherlands: e.g. 1234 AB.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, postalCode: "" }))).toEqual({
      field: "postalCode",
      message: "Enter a postcode.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...chicago, province: undefined }))).toEqual({
      field: "province",
      message: "Choose a state of United States.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...chicago, province: "NH-X" }))).toEqual({
      field: "province",
      message: "This is not a state of United States.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...chicago, country: "XX" }))).toMatchObject({ field: "country" });
    expect(await customers.addAddress(scope, me, chicago)).toMatchObject({ province: "IL", provinceName: "Illinois" });
  });

  test("a country whose addresses have no province or postal code line: both are dropped, whatever they say", async () => {
    const me = await newCustomerId(database.db);
    expect(customers.provincesOf("AW")).toEqual([]);
    const aruba = await customers.addAddress(scope, me, {
      ...amsterdam,
      country: "AW",
      province: "XX",
      postalCode: "Any text 7",
    });
    expect(aruba).toMatchObject({ country: "AW", countryName: "Aruba", province: null, postalCode: null });
    // Too long is still too long: each field's own checks come first.
    expect(
      await inputError(
        customers.addAddress(scope, me, { ...amsterdam, country: "AW", province: null, postalCode: "x".repeat(21) }),
      ),
    ).toMatchObject({ field: "postalCode" });
  });

  test("an edit is checked with the stored fields: a new country needs its own province and postal code", async () => {
    const me = await newCustomerId(database.db);
    const rotterdam = { ...amsterdam, city: "Rotterdam", postalCode: "3011 AA" };
    const address = await customers.addAddress(scope, me, rotterdam);
    expect(await inputError(customers.updateAddress(scope, me, address.id, { country: "US", postalCode: "60601" }))).toEqual({
      field: "province",
      message: "Choose a state of United States.",
    });
    expect(await inputError(customers.updateAddress(scope, me, address.id, { country: "US", province: "IL" }))).toEqual({
      field: "postalCode",
      message: "This is not a valid ZIP code for United States: e.g. 95014.",
    });
    const moved = await customers.updateAddress(scope, me, address.id, { country: "US", province: "IL", postalCode: "60601" });
    expect(moved).toMatchObject({ ...rotterdam, country: "US", province: "IL", postalCode: "60601" });
    // Clearing an optional field, keeping the rest.
    const cleared = await customers.updateAddress(scope, me, address.id, { company: "Keepers BV", line2: "" });
    expect(cleared).toMatchObject({ company: "Keepers BV", line2: null, city: "Rotterdam" });
    expect((await customers.updateAddress(scope, me, address.id, { company: null })).company).toBeNull();
  });

  test("fields are checked and named: required text, lengths, types, phone numbers", async () => {
    const me = await newCustomerId(database.db);
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, firstName: "  " }))).toEqual({
      field: "firstName",
      message: "Enter a first name.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, city: ["Amsterdam"] }))).toMatchObject({
      field: "city",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, line1: "a\nb" }))).toEqual({
      field: "line1",
      message: "Use a single line of text.",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, lastName: "x".repeat(81) }))).toMatchObject({
      field: "lastName",
    });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, phone: "12345" }))).toMatchObject({ field: "phone" });
    expect(await inputError(customers.addAddress(scope, me, { ...amsterdam, isDefault: "maybe" }))).toMatchObject({
      field: "isDefault",
    });
    expect(await inputError(customers.addAddress(scope, me, "not an object"))).toMatchObject({ field: "body" });
    expect((await customers.addAddress(scope, me, { ...amsterdam, phone: " +31 (0)20  123-4567 " })).phone).toBe(
      "+31 (0)20 123-4567",
    );
  });

  test("the countries list: codes, names and provinces for the selects", () => {
    const list = customers.countries();
    expect(list.length).toBeGreaterThan(240);
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "en")));
    // Google's data: Dutch addresses name no province.
    expect(list.find((c) => c.code === "NL")!.provinces).toEqual([]);
    expect(list.find((c) => c.code === "CA")!.provinces[0]).toEqual({ code: "AB", name: "Alberta" });
    expect(customers.provincesOf("us").some((p) => p.code === "CA" && p.name === "California")).toBe(true);
    expect(customers.provincesOf("XX")).toEqual([]);
    // Built once: the same list every time.
    expect(customers.countries()).toBe(list);
  });
});

describe("addresses saved before the shop used Google's data (ADR 49)", () => {
  /** A row as the account area stored it with country-region-data's codes, written straight to the table. */
  /** A saved address's fields as placing an order to it reads them (savedAddressId, ADR 55). */
  const asCheckoutReads = (userId: number, address: Pick<AddressView, "id">) =>
    savedAddressFields(database.db, userId, address.id);

  async function storedRow(userId: number, fields: { province: string; postalCode: string; country: string; city: string }) {
    const isDefault = (await database.db.$count(addresses, eq(addresses.userId, userId))) === 0;
    const [row] = await database.db
      .insert(addresses)
      .values({ userId, firstName: "Gina", lastName: "Rossi", line1: "Via Roma 1", isDefault, ...fields })
      .returning({ id: addresses.id });
    return row!.id;
  }

  test("an Italian address saved with its region shows, prints and checks out with its province", async () => {
    const me = await newCustomerId(database.db);
    // country-region-data stored Lazio ("62"); the Italian post writes the province (RM).
    const id = await storedRow(me, { province: "62", postalCode: "00184", country: "IT", city: "Roma" });
    const [shown] = await customers.listAddresses(scope, me);
    expect(shown).toMatchObject({
      id,
      province: "RM",
      provinceName: "Roma",
      countryName: "Italy",
      lines: ["Gina Rossi", "Via Roma 1", "00184 Roma RM", "Italy"],
    });
    // Placing an order to it reads the saved fields: the one rule accepts them.
    const fields = await asCheckoutReads(me, shown!);
    expect(deliveryAddressInput.safeParse(fields)).toMatchObject({ success: true, data: { province: "RM" } });
    // An edit of another field keeps it valid, and stores today's code.
    await customers.updateAddress(scope, me, id, { phone: "+39 06 1234 5678" });
    const [row] = await database.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row).toMatchObject({ province: "RM", phone: "+39 06 1234 5678" });
  });

  test("US, Canadian, Brazilian, Mexican and Japanese addresses saved before keep their codes", async () => {
    const me = await newCustomerId(database.db);
    await storedRow(me, { province: "CA", postalCode: "90210", country: "US", city: "Beverly Hills" });
    await storedRow(me, { province: "QC", postalCode: "H2Y 1C6", country: "CA", city: "Montréal" });
    await storedRow(me, { province: "SP", postalCode: "01310-100", country: "BR", city: "São Paulo" });
    await storedRow(me, { province: "JAL", postalCode: "44100", country: "MX", city: "Guadalajara" });
    await storedRow(me, { province: "13", postalCode: "154-0023", country: "JP", city: "" });
    const shown = await customers.listAddresses(scope, me);
    expect(shown.map((a) => [a.country, a.province, a.provinceName])).toEqual(
      expect.arrayContaining([
        ["US", "CA", "California"],
        ["CA", "QC", "Quebec"],
        ["BR", "SP", "São Paulo"],
        ["MX", "JAL", "Jalisco"],
        ["JP", "13", "Tokyo"],
      ]),
    );
  });

  test("Irish and Chinese addresses saved under the old codes (Cork CO, Beijing BJ) show, check out and re-save with Google's", async () => {
    const me = await newCustomerId(database.db);
    const cork = await storedRow(me, { province: "CO", postalCode: "T12 X70A", country: "IE", city: "Cork" });
    const beijing = await storedRow(me, { province: "BJ", postalCode: "100000", country: "CN", city: "Beijing" });
    const shown = await customers.listAddresses(scope, me);
    expect(shown.find((a) => a.id === cork)).toMatchObject({ province: "C", provinceName: "Co. Cork" });
    expect(shown.find((a) => a.id === beijing)).toMatchObject({ province: "11", provinceName: "Beijing Shi" });
    for (const address of shown) {
      // Placing an order to it reads the saved fields: the one rule accepts them.
      const fields = await asCheckoutReads(me, address);
      expect(deliveryAddressInput.safeParse(fields).success).toBe(true);
      await customers.updateAddress(scope, me, address.id, { phone: "+353 21 123 4567" });
    }
    const rows = await database.db.select().from(addresses).where(eq(addresses.userId, me));
    expect(rows.map((row) => [row.country, row.province]).sort()).toEqual([
      ["CN", "11"],
      ["IE", "C"],
    ]);
  });
});
