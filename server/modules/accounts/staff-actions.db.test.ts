import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { registeredCustomer } from "../../../tests/support/customers-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/* Staff block or unblock a customer's login and end their sessions (issue 24 §5), each audited. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let staff: StaffScope;

beforeAll(async () => {
  shop = await seededShop(2);
  staff = staffScopeOf(systemScope(shop.database.db), { id: 5, email: "desk@example.com", role: "staff" });
});
afterAll(async () => {
  await shop?.services.accounts.settled();
  await shop?.close();
});

/** A registered customer (tests/support/customers-fixtures.ts), with the address and password it signed up with. */
async function customerNumber(n: number) {
  const made = await registeredCustomer(shop.services, shop.database.db, n);
  return { ...made, email: `keeper${n}@example.com`, password: `green gloves ${n} dive` };
}

const scope = () => systemScope(shop.database.db, { ip: "203.0.113.80" });
const versionOf = async (id: number) =>
  (await shop.database.db.select({ at: users.updatedAt }).from(users).where(eq(users.id, id)))[0]!.at.toISOString();
const entries = (id: number) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

test("a blocked customer's sessions end and the login is refused; unblocked, they log in again", async () => {
  const customer = await customerNumber(8101);
  const { accounts } = shop.services;
  expect(await accounts.authenticate(scope(), customer.jwt)).not.toBeNull();

  await accounts.setBlocked(staff, { userId: customer.id, blocked: "true", version: await versionOf(customer.id) });
  expect(await accounts.authenticate(scope(), customer.jwt)).toBeNull();
  await expect(accounts.login(scope(), { identifier: customer.email, password: customer.password })).rejects.toMatchObject({
    code: "ACCOUNT_BLOCKED",
  });

  await accounts.setBlocked(staff, { userId: customer.id, blocked: "false" });
  expect(await accounts.login(scope(), { identifier: customer.email, password: customer.password })).toHaveProperty("jwt");
  expect((await entries(customer.id)).map((entry) => [entry.action, entry.changes])).toEqual([
    ["customer.blocked", { blocked: [false, true] }],
    ["customer.unblocked", { blocked: [true, false] }],
  ]);
});

test("a form read before another change is refused; staff accounts and unknown ids are not customers; nothing is audited", async () => {
  const customer = await customerNumber(8102);
  const stale = await versionOf(customer.id);
  await shop.database.db
    .update(users)
    .set({ firstName: "Renamed", updatedAt: new Date(Date.now() + 1000) })
    .where(eq(users.id, customer.id));
  await expect(
    shop.services.accounts.setBlocked(staff, { userId: customer.id, blocked: "true", version: stale }),
  ).rejects.toMatchObject({
    code: "STALE_VERSION",
  });
  const [owner] = await shop.database.db
    .insert(users)
    .values({ username: "boss", email: "boss@example.com", role: "owner" })
    .returning();
  for (const userId of [owner!.id, 999_999]) {
    await expect(shop.services.accounts.setBlocked(staff, { userId, blocked: "true" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
    await expect(shop.services.accounts.endCustomerSessions(staff, { userId })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
  }
  await expect(shop.services.accounts.setBlocked(staff, { userId: "x", blocked: "maybe" })).rejects.toMatchObject({
    code: "INVALID_INPUT",
  });
  // An id past what the table can hold names no one: refused as such, not by the database.
  await expect(shop.services.accounts.endCustomerSessions(staff, { userId: "99999999999" })).rejects.toMatchObject({
    code: "INVALID_INPUT",
    message: "No such customer.",
  });
  expect(await entries(customer.id)).toEqual([]);
});

test("ending a customer's sessions logs out every device, and says how many", async () => {
  const customer = await customerNumber(8103);
  const second = await shop.services.accounts.login(scope(), { identifier: customer.email, password: customer.password });
  expect(await shop.services.accounts.endCustomerSessions(staff, { userId: customer.id })).toBe(2);
  for (const token of [customer.jwt, second.jwt]) expect(await shop.services.accounts.authenticate(scope(), token)).toBeNull();
  expect((await entries(customer.id)).map((entry) => entry.action)).toEqual(["customer.sessions_ended"]);
});
