import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { createCustomers, type Customers } from "./index.ts";
import { shopErrorCode, type ShopError } from "../../lib/shop-error.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { newCustomerId } from "../../../tests/support/customers-fixtures.ts";

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

async function fieldOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(shopErrorCode(error)).toBe("INVALID_INPUT");
  return { field: (error as ShopError).field ?? "", message: (error as Error).message };
}

describe("personal details", () => {
  test("a new account has none; the fields given change, trimmed, the others stay", async () => {
    const me = await newCustomerId(database.db);
    expect(await customers.profile(scope, me)).toEqual({
      firstName: null,
      lastName: null,
      phone: null,
      picture: null,
      updatedAt: expect.any(String),
    });

    const named = await customers.updateProfile(scope, me, {
      firstName: "  Petra ",
      lastName: "Keeper",
      phone: "+31 6 1234 5678",
    });
    expect(named).toMatchObject({ firstName: "Petra", lastName: "Keeper", phone: "+31 6 1234 5678" });

    const phoneOnly = await customers.updateProfile(scope, me, { phone: "(020) 123-4567" });
    expect(phoneOnly).toMatchObject({ firstName: "Petra", lastName: "Keeper", phone: "(020) 123-4567" });
    expect(await customers.profile(scope, me)).toEqual(phoneOnly);
  });

  test("fields may be cleared; e-mail address and password are not changed here", async () => {
    const me = await newCustomerId(database.db);
    await customers.updateProfile(scope, me, { firstName: "Petra", lastName: "Keeper", phone: "0612345678" });
    const [before] = await database.db.select().from(users).where(eq(users.id, me));
    const cleared = await customers.updateProfile(scope, me, {
      firstName: "",
      lastName: null,
      phone: " ",
      email: "taken@example.com",
      passwordHash: "x",
    });
    expect(cleared).toMatchObject({ firstName: null, lastName: null, phone: null });
    const [after] = await database.db.select().from(users).where(eq(users.id, me));
    expect(after).toMatchObject({ email: before!.email, passwordHash: before!.passwordHash });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
  });

  test("names are at most 80 characters, phone numbers have 6 to 20 digits, text is text", async () => {
    const me = await newCustomerId(database.db);
    expect(await fieldOf(customers.updateProfile(scope, me, { firstName: "x".repeat(81) }))).toEqual({
      field: "firstName",
      message: "Use at most 80 characters for the first name.",
    });
    expect((await customers.updateProfile(scope, me, { lastName: "y".repeat(80) })).lastName).toHaveLength(80);
    for (const phone of ["12345", "1".repeat(21), "06-1234-abcd", "+31+612345678", "06 1234\n5678"]) {
      expect(await fieldOf(customers.updateProfile(scope, me, { phone }))).toMatchObject({ field: "phone" });
    }
    expect((await customers.updateProfile(scope, me, { phone: "123456" })).phone).toBe("123456");
    expect(await fieldOf(customers.updateProfile(scope, me, { firstName: { name: "Petra" } }))).toMatchObject({
      field: "firstName",
    });
    expect(await fieldOf(customers.updateProfile(scope, me, ["Petra"]))).toMatchObject({ field: "body" });
    expect((await customers.profile(scope, me)).firstName).toBeNull();
  });

  test("an account that no longer exists is not found", async () => {
    const me = await newCustomerId(database.db);
    await database.db.delete(users).where(eq(users.id, me));
    await expect(customers.profile(scope, me)).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    await expect(customers.updateProfile(scope, me, { firstName: "Ghost" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    await expect(
      customers.addAddress(scope, me, { firstName: "a", lastName: "b", line1: "c", city: "d", country: "AW" }),
    ).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
  });
});
