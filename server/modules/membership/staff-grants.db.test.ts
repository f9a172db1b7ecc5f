import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, membershipPlans, memberships, orders, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { createBackOffice } from "../back-office/index.ts";
import { activatePaidMembership, endMembershipOfOrder } from "./activate.ts";
import { discounted } from "./member-price.ts";

/*
 * Staff grant a plan from the back office, free, and end a membership (issue 24 §5, ADR 61):
 * benefits follow at once, each change is audited, a page read before another change is refused
 * and changes nothing; a granted paid plan counts as time a purchase carries on from.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let staff: StaffScope;
let option: { id: number; price: number };
const DAY = 86_400_000;

beforeAll(async () => {
  shop = await seededShop(6);
  const { db } = shop.database;
  scope = systemScope(db);
  staff = staffScopeOf(systemScope(db, { ip: "203.0.113.9" }), { id: 7, email: "desk@example.com", role: "staff" });
  await db.insert(membershipPlans).values([
    { slug: "g-pro", name: "Pro", price: 4900, months: 12, discountBasisPoints: 1000 },
    { slug: "g-club", name: "Club", price: 0, discountBasisPoints: 0 },
    { slug: "g-draft", name: "Draft", price: 900, months: 1, publishedAt: null },
  ]);
  const [id] = (await stockedOptions(db, 1)) as [number];
  await db.update(variants).set({ memberPrice: null }).where(eq(variants.id, id));
  const [row] = await db.select({ price: variants.price }).from(variants).where(eq(variants.id, id));
  option = { id, price: row!.price };
  shop.services.membership.invalidatePlans();
});
afterAll(async () => {
  await shop?.close();
});

let serial = 0;
async function customer() {
  serial += 1;
  const [row] = await shop.database.db
    .insert(users)
    .values({ username: `granted${serial}`, email: `granted${serial}@example.com`, firstName: "Gina" })
    .returning({ id: users.id });
  return row!.id;
}
const versionOf = async (id: number) =>
  (await shop.database.db.select({ at: users.updatedAt }).from(users).where(eq(users.id, id)))[0]!.at.toISOString();
const entries = (id: number) =>
  shop.database.db
    .select({ action: auditLog.action, changes: auditLog.changes, actor: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const rowsOf = (id: number) =>
  shop.database.db.select().from(memberships).where(eq(memberships.userId, id)).orderBy(memberships.id);
/** What the customer pays for the option in their bag now. */
async function bagPrice(id: number) {
  const viewer = await shop.services.membership.benefits(scope, id);
  const { cart } = await shop.services.cart.addLine(scope, { customerId: id }, { variantId: option.id, quantity: 1 }, viewer);
  return cart.lines.find((line) => line.variantId === option.id)!.unitPrice;
}

test("a granted plan gives its member prices at once, for its length; ending it takes them away at once; both audited", async () => {
  const id = await customer();
  expect(await bagPrice(id)).toBe(option.price);

  const granted = await shop.services.membership.grantByStaff(staff, { userId: id, version: await versionOf(id), plan: "g-pro" });
  expect(granted.plan).toBe("Pro");
  const until = Date.parse(granted.until!);
  expect(until - Date.now()).toBeGreaterThan(360 * DAY);
  expect(until - Date.now()).toBeLessThan(370 * DAY);
  expect(await shop.services.membership.benefits(scope, id)).toMatchObject({
    member: true,
    planSlug: "g-pro",
    discountBasisPoints: 1000,
  });
  expect(await bagPrice(id)).toBe(discounted(option.price, 1000));
  const [row] = await rowsOf(id);
  expect(row).toMatchObject({ active: true, grantedBy: 7, orderId: null, renews: true });
  // Free: no order was placed for it.
  expect(await shop.database.db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);

  await shop.services.membership.endByStaff(staff, { userId: id, version: await versionOf(id), membership: row!.id });
  expect(await shop.services.membership.isMember(id)).toBe(false);
  expect(await bagPrice(id)).toBe(option.price);
  expect((await rowsOf(id))[0]).toMatchObject({ active: false, renews: false });

  const audited = await entries(id);
  expect(audited.map((entry) => [entry.action, entry.actor])).toEqual([
    ["customer.membership_granted", "desk@example.com"],
    ["customer.membership_ended", "desk@example.com"],
  ]);
  expect(audited[0]!.changes).toEqual({ membership: [null, "g-pro"], until: [null, granted.until] });
  expect(audited[1]!.changes.membership).toEqual(["g-pro", null]);
});

test("a grant until a chosen day runs through that day (UTC); a day gone by is refused", async () => {
  const id = await customer();
  const day = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
  const granted = await shop.services.membership.grantByStaff(staff, { userId: id, plan: "g-club", until: day });
  expect(granted.until).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString());
  const other = await customer();
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  await expect(
    shop.services.membership.grantByStaff(staff, { userId: other, plan: "g-pro", until: yesterday }),
  ).rejects.toMatchObject({
    code: "INVALID_INPUT",
    field: "until",
  });
  await expect(
    shop.services.membership.grantByStaff(staff, { userId: other, plan: "g-pro", until: "31-12-2030" }),
  ).rejects.toMatchObject({
    code: "INVALID_INPUT",
    field: "until",
  });
  expect(await rowsOf(other)).toEqual([]);
});

test("refused without a change or an entry: a stale page, a member already, no membership, another membership, an unpublished plan, staff", async () => {
  const { membership } = shop.services;
  const id = await customer();
  const stale = await versionOf(id);
  await shop.database.db
    .update(users)
    .set({ lastName: "Renamed", updatedAt: new Date(Date.now() + 1000) })
    .where(eq(users.id, id));
  await expect(membership.grantByStaff(staff, { userId: id, version: stale, plan: "g-pro" })).rejects.toMatchObject({
    code: "STALE_VERSION",
  });
  expect(await membership.isMember(id)).toBe(false);
  await expect(membership.grantByStaff(staff, { userId: id, plan: "g-draft" })).rejects.toMatchObject({
    code: "PLAN_NOT_FOUND",
    field: "plan",
  });
  await expect(membership.endByStaff(staff, { userId: id, membership: 1 })).rejects.toMatchObject({ code: "NOT_A_MEMBER" });
  expect(await entries(id)).toEqual([]);

  await membership.joinFree(scope, id, { plan: "g-club" });
  const [club] = await rowsOf(id);
  await expect(membership.grantByStaff(staff, { userId: id, plan: "g-pro" })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
  // The page showed another membership than the one in force now.
  await expect(membership.endByStaff(staff, { userId: id, membership: club!.id + 1000 })).rejects.toMatchObject({
    code: "STALE_VERSION",
  });
  // A page read before another staff member's change of the membership is stale too.
  const before = await versionOf(id);
  await membership.endByStaff(staff, { userId: id, version: before, membership: club!.id });
  await expect(membership.grantByStaff(staff, { userId: id, version: before, plan: "g-pro" })).rejects.toMatchObject({
    code: "STALE_VERSION",
  });
  expect((await entries(id)).map((entry) => entry.action)).toEqual(["customer.membership_ended"]);

  const [owner] = await shop.database.db
    .insert(users)
    .values({ username: "grant-owner", email: "grant-owner@example.com", role: "owner" })
    .returning({ id: users.id });
  await expect(membership.grantByStaff(staff, { userId: owner!.id, plan: "g-pro" })).rejects.toMatchObject({
    code: "ACCOUNT_NOT_FOUND",
  });
  expect(await rowsOf(owner!.id)).toEqual([]);
});

test("buying the granted plan carries on from the grant's end; refunding that order gives the grant back its end", async () => {
  const { db } = shop.database;
  const id = await customer();
  const granted = await shop.services.membership.grantByStaff(staff, { userId: id, plan: "g-pro" });
  const [plan] = await db.select({ id: membershipPlans.id }).from(membershipPlans).where(eq(membershipPlans.slug, "g-pro"));
  const [order] = await db
    .insert(orders)
    .values({
      number: `KS-7${String(id).padStart(5, "0")}`,
      userId: id,
      email: `granted@example.com`,
      status: "paid",
      currency: "EUR",
      subtotal: 4900,
      total: 4900,
      membershipPlanId: plan!.id,
      membershipMonths: 12,
    })
    .returning({ id: orders.id });
  const paid = { id: order!.id, userId: id, membershipPlanId: plan!.id, membershipMonths: 12 };
  await activatePaidMembership(db, paid);
  const [renewed] = await rowsOf(id);
  const months = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  expect(months(renewed!.endsAt!) - months(new Date(granted.until!))).toBe(12);
  expect(await rowsOf(id)).toHaveLength(1);

  await endMembershipOfOrder(db, paid);
  const [back] = await rowsOf(id);
  expect(back).toMatchObject({ active: true });
  expect(back!.endsAt!.toISOString()).toBe(granted.until);
});

test("a membership past its end but still marked active is not in force: the page offers a grant, which takes its place", async () => {
  const { db } = shop.database;
  const id = await customer();
  const [plan] = await db.select({ id: membershipPlans.id }).from(membershipPlans).where(eq(membershipPlans.slug, "g-pro"));
  await db.insert(memberships).values({
    userId: id,
    planId: plan!.id,
    startsAt: new Date(Date.now() - 40 * DAY),
    endsAt: new Date(Date.now() - 10 * DAY),
  });
  const office = createBackOffice({ currency: "EUR", cardPayments: false });
  expect((await office.customerDetail(scope, String(id))).membership).toMatchObject({
    current: null,
    history: [{ active: true }],
  });
  await shop.services.membership.grantByStaff(staff, { userId: id, plan: "g-club" });
  expect((await rowsOf(id)).map((row) => row.active)).toEqual([false, true]);
  expect((await office.customerDetail(scope, String(id))).membership.current).toMatchObject({
    planSlug: "g-club",
    granted: true,
  });
});
