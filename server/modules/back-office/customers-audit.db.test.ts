import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import {
  addresses,
  membershipPlans,
  memberships,
  newsletterSubscriptions,
  orders,
  products,
  sessions,
  stockAlerts,
  users,
  variants,
} from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { createBackOffice, linkOf, type BackOffice } from "./index.ts";

/* The back office's customers (issue 24 §5) and audit log (§6). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;
const ids: Record<string, number> = {};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

async function account(
  username: string,
  firstName: string,
  lastName: string,
  joined: string,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const [row] = await shop.database.db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.com`,
      firstName,
      lastName,
      createdAt: new Date(joined),
      ...extra,
    })
    .returning({ id: users.id });
  return row!.id;
}

let serial = 0;
async function orderOf(userId: number, total: number, status: (typeof orders.$inferInsert)["status"], refunded = 0) {
  serial += 1;
  await shop.database.db.insert(orders).values({
    number: `KS-6${String(serial).padStart(5, "0")}`,
    userId,
    email: "someone@example.com",
    currency: "EUR",
    subtotal: total,
    total,
    refunded,
    status,
    createdAt: new Date(`2031-01-${String(serial).padStart(2, "0")}T10:00:00Z`),
  });
}

beforeAll(async () => {
  shop = await seededShop(4);
  scope = systemScope(shop.database.db);
  office = createBackOffice({ currency: "EUR", cardPayments: false });
  const { db } = shop.database;
  ids.iris = await account("IrisKeeps", "Iris", "Bos", "2030-01-01T00:00:00Z");
  ids.anna = await account("anna_s", "Anna", "Schmidt", "2030-02-01T00:00:00Z", { blocked: true });
  ids.jan = await account("jdv", "Jan", "de Vries", "2030-03-01T00:00:00Z");
  ids.staff = await account("owner", "Olga", "Owner", "2029-01-01T00:00:00Z", { role: "owner" });
  await orderOf(ids.iris, 10000, "delivered");
  await orderOf(ids.iris, 5000, "paid", 1000);
  await orderOf(ids.iris, 7000, "cancelled");
  await orderOf(ids.anna, 2000, "awaiting_payment");
  await orderOf(ids.jan, 30000, "shipped");
  const [plan] = await db.select().from(membershipPlans).orderBy(membershipPlans.id).limit(1);
  await db.insert(memberships).values([
    {
      userId: ids.iris,
      planId: plan!.id,
      active: false,
      startsAt: new Date("2030-01-02T00:00:00Z"),
      endsAt: new Date("2030-06-01T00:00:00Z"),
    },
    {
      userId: ids.iris,
      planId: plan!.id,
      active: true,
      // Begun: the page's current membership is the one in force now, not merely one marked active.
      startsAt: new Date(Date.now() - 86_400_000),
      createdAt: new Date("2030-07-01T00:00:00Z"),
    },
  ]);
  await db
    .insert(newsletterSubscriptions)
    .values({ email: "iriskeeps@example.com", status: "confirmed", source: "footer", unsubscribeKey: "k1" });
  await db.insert(addresses).values({
    userId: ids.iris,
    firstName: "Iris",
    lastName: "Bos",
    line1: "Dorpsstraat 2",
    city: "Utrecht",
    postalCode: "3511 AA",
    country: "NL",
    isDefault: true,
  });
  const [option] = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .limit(1);
  await db.insert(stockAlerts).values([
    { variantId: option!.id, email: "iriskeeps@example.com", userId: ids.iris, cancelTokenHash: "t1" },
    {
      variantId: option!.id,
      email: "old@example.com",
      userId: ids.iris,
      cancelTokenHash: "t2",
      notifiedAt: new Date("2030-05-01T00:00:00Z"),
    },
  ]);
  const later = new Date(Date.now() + 86_400_000);
  await db.insert(sessions).values([
    { id: "open-1", userId: ids.iris, strategy: "local", expiresAt: later },
    { id: "ended", userId: ids.iris, strategy: "local", expiresAt: later, revokedAt: new Date() },
    { id: "expired", userId: ids.iris, strategy: "local", expiresAt: new Date(Date.now() - 1000) },
  ]);
});

afterAll(async () => {
  await shop?.close();
});

test("the customer list: customers only, newest first, with orders, what they spent, membership and newsletter", async () => {
  const page = await office.customersList(scope, {});
  expect(page.rows.map((row) => row.username)).toEqual(["jdv", "anna_s", "IrisKeeps"]);
  expect(page).toMatchObject({ total: 3, page: 1, pages: 1, pageSize: 50, params: { sort: "joined", dir: "desc", page: 1 } });
  expect(page.rows[2]).toEqual({
    id: ids.iris,
    username: "IrisKeeps",
    email: "iriskeeps@example.com",
    name: "Iris Bos",
    joinedAt: "2030-01-01T00:00:00.000Z",
    orders: 3,
    // Delivered 10000 + paid 5000 less 1000 refunded; the cancelled order is no sale.
    spent: 14000,
    membership: { plan: expect.any(String), active: true, endsAt: null },
    newsletter: "confirmed",
    blocked: false,
    erased: false,
  });
  expect(page.rows[1]).toMatchObject({
    username: "anna_s",
    orders: 1,
    spent: 0,
    membership: null,
    newsletter: null,
    blocked: true,
  });
});

test("customers: search by name, e-mail or user name (any case); sort by what they spent", async () => {
  const search = async (q: string) => (await office.customersList(scope, { q })).rows.map((row) => row.username);
  expect(await search("iris")).toEqual(["IrisKeeps"]);
  expect(await search("SCHMIDT")).toEqual(["anna_s"]);
  expect(await search("jan de")).toEqual(["jdv"]);
  expect(await search("anna_")).toEqual(["anna_s"]);
  expect(await search("jdv@")).toEqual(["jdv"]);
  expect(await search("olga")).toEqual([]);
  expect(await search("%")).toEqual([]);
  const bySpent = await office.customersList(scope, { sort: "spent" });
  expect(bySpent.rows.map((row) => [row.username, row.spent])).toEqual([
    ["jdv", 30000],
    ["IrisKeeps", 14000],
    ["anna_s", 0],
  ]);
  expect((await office.customersList(scope, { sort: "spent", dir: "asc" })).rows[0]!.username).toBe("anna_s");
  expect(await failure(office.customersList(scope, { sort: "name" }))).toMatchObject({ code: "INVALID_INPUT", field: "sort" });
});

test("the customer page: profile, addresses, orders, memberships, back-in-stock requests, open sessions, blocked", async () => {
  const detail = await office.customerDetail(scope, String(ids.iris));
  expect(detail.profile).toMatchObject({ id: ids.iris, username: "IrisKeeps", firstName: "Iris", role: "customer" });
  expect(detail.blocked).toBe(false);
  expect(detail.newsletter).toMatchObject({ status: "confirmed" });
  expect(detail.addresses).toEqual([
    expect.objectContaining({ line1: "Dorpsstraat 2", isDefault: true, lines: expect.arrayContaining(["Dorpsstraat 2"]) }),
  ]);
  expect(detail.orders).toMatchObject({ total: 3, spent: 14000 });
  expect(detail.orders.rows.map((row) => [row.status, row.paymentState])).toEqual([
    ["cancelled", "voided"],
    ["paid", "partially_refunded"],
    ["delivered", "paid"],
  ]);
  expect(detail.membership.current).toMatchObject({ active: true, endsAt: null });
  expect(detail.membership.history).toHaveLength(2);
  expect(detail.stockAlerts.map((alert) => [alert.email, alert.waiting])).toEqual([
    ["iriskeeps@example.com", true],
    ["old@example.com", false],
  ]);
  expect(detail.sessions.map((session) => session.id)).toEqual(["open-1"]);
  expect((await office.customerDetail(scope, ids.anna)).blocked).toBe(true);
  for (const id of ["0", "x", 999_999, null]) {
    expect(await failure(office.customerDetail(scope, id))).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
  }
});

test("the audit log: newest first, by person, entity, action and day, each linked to its entity", async () => {
  const staff = (id: number, email: string): StaffScope => ({
    ...scope,
    actor: { id, email, role: "owner" },
    requestId: `req-${id}`,
  });
  const olga = staff(ids.staff!, "owner@example.com");
  const other = staff(4242, "staff@example.com");
  await recordAudit(olga, {
    action: "order.paid",
    entityType: "order",
    entityId: "KS-100001",
    changes: { status: ["awaiting_payment", "paid"] },
  });
  await recordAudit(other, {
    action: "customer.blocked",
    entityType: "customer",
    entityId: ids.anna!,
    changes: { blocked: [false, true] },
  });
  await recordAudit(olga, { action: "staff.invited", entityType: "staff", entityId: "invitation-1" });
  const all = await office.auditList(scope, {});
  expect(all.total).toBe(3);
  expect(all.rows.map((row) => row.action)).toEqual(["staff.invited", "customer.blocked", "order.paid"]);
  expect(all.rows[1]).toMatchObject({
    actorId: 4242,
    actorEmail: "staff@example.com",
    actorRole: "owner",
    entityType: "customer",
    entityId: String(ids.anna),
    changes: { blocked: [false, true] },
    requestId: "req-4242",
    clientAddress: "127.0.0.1",
    link: `/admin/customers/${ids.anna}`,
  });
  expect(all.rows.map((row) => row.link)).toEqual(["/admin/staff", `/admin/customers/${ids.anna}`, "/admin/orders/KS-100001"]);

  const actions = async (raw: unknown) => (await office.auditList(scope, raw)).rows.map((row) => row.action);
  expect(await actions({ actor: String(ids.staff) })).toEqual(["staff.invited", "order.paid"]);
  expect(await actions({ actor: "STAFF@example.com" })).toEqual(["customer.blocked"]);
  expect(await actions({ entityType: "order", entityId: "KS-100001" })).toEqual(["order.paid"]);
  expect(await actions({ action: "customer.blocked" })).toEqual(["customer.blocked"]);
  const today = new Date().toISOString().slice(0, 10);
  expect(await actions({ from: today, to: today })).toHaveLength(3);
  expect(await actions({ to: "2020-01-01" })).toEqual([]);
  expect(await failure(office.auditList(scope, { from: "yesterday" }))).toMatchObject({ code: "INVALID_INPUT", field: "from" });
  // A product's entries lead to its editor (ADR 63); an entity without a page of its own to none.
  expect(linkOf({ entityType: "product", entityId: "3" })).toBe("/admin/products/3");
  expect(linkOf({ entityType: "product", entityId: "new" })).toBeNull();
  expect(linkOf({ entityType: "brand", entityId: "3" })).toBeNull();
  expect(linkOf({ entityType: "user", entityId: "7" })).toBe("/admin/customers/7");
});
