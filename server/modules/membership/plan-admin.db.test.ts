import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, membershipPlans, memberships, orders, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/* Membership plans in the back office and through the content API: one use case (issue 25 §5, ADR 68). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;

beforeAll(async () => {
  shop = await seededShop(4);
  owner = staffScopeOf(systemScope(shop.database.db), { id: 93, email: "owner@example.com", role: "owner" }, "req-plans");
});

afterAll(async () => {
  await shop?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

const formOf = (plan: Awaited<ReturnType<typeof shop.services.membership.plansForStaff>>[number]) => ({
  planId: String(plan.id),
  version: plan.version,
  name: plan.name,
  description: plan.description,
  price: (plan.price / 100).toFixed(2),
  months: plan.months === null ? "" : String(plan.months),
  benefits: plan.benefits.join("\n"),
  discountPercent: String(plan.discountBasisPoints / 100),
  position: String(plan.position),
  ...(plan.freeDelivery ? { freeDelivery: "on" } : {}),
  ...(plan.earlyAccess ? { earlyAccess: "on" } : {}),
  ...(plan.publishedAt ? { onSale: "on" } : {}),
});

test("the owner changes a paid plan's price, benefits and discount, and takes it off sale; a member's purchase stays as it was", async () => {
  const plans = await shop.services.membership.plansForStaff();
  const paid = plans.find((plan) => plan.price > 0)!;
  // A member who bought it: the order and the membership.
  const [buyer] = await shop.database.db
    .insert(users)
    .values({ username: "planbuyer", email: "planbuyer@example.com" })
    .returning();
  const [order] = await shop.database.db
    .insert(orders)
    .values({
      number: "KS-PLAN1",
      userId: buyer!.id,
      email: buyer!.email,
      currency: "EUR",
      subtotal: paid.price,
      total: paid.price,
      status: "paid",
      membershipMonths: paid.months,
    })
    .returning();
  const endsAt = new Date("2031-06-01T00:00:00Z");
  const [membership] = await shop.database.db
    .insert(memberships)
    .values({ userId: buyer!.id, planId: paid.id, endsAt, orderId: order!.id })
    .returning();

  await shop.services.membership.changePlan(owner, {
    ...formOf(paid),
    price: "99.50",
    benefits: "Members' prices\n\n  Free delivery  \n",
    discountPercent: "12.5",
    onSale: "",
  });
  const [after] = await shop.database.db.select().from(membershipPlans).where(eq(membershipPlans.id, paid.id));
  expect(after).toMatchObject({
    price: 9950,
    benefits: ["Members' prices", "Free delivery"],
    discountBasisPoints: 1250,
    publishedAt: null,
  });
  expect((await shop.services.membership.plans()).map((plan) => plan.slug)).not.toContain(paid.slug);
  const [kept] = await shop.database.db.select().from(orders).where(eq(orders.id, order!.id));
  expect(kept).toMatchObject({ total: paid.price, membershipMonths: paid.months });
  const [still] = await shop.database.db.select().from(memberships).where(eq(memberships.id, membership!.id));
  expect(still).toMatchObject({ active: true, endsAt, planId: paid.id });

  const [entry] = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "membership-plan.changed"), eq(auditLog.entityId, String(paid.id))));
  expect(entry!.changes).toMatchObject({
    price: [paid.price, 9950],
    discountBasisPoints: [paid.discountBasisPoints, 1250],
    publishedAt: [true, false],
  });

  // The page read before this change is stale; a wrong price is refused by its field.
  expect(await failure(shop.services.membership.changePlan(owner, formOf(paid)))).toMatchObject({ code: "STALE_VERSION" });
  const fresh = (await shop.services.membership.plansForStaff()).find((plan) => plan.id === paid.id)!;
  expect(await failure(shop.services.membership.changePlan(owner, { ...formOf(fresh), price: "cheap" }))).toMatchObject({
    code: "INVALID_INPUT",
    fields: { price: expect.any(String) },
  });
  await shop.services.membership.changePlan(owner, { ...formOf(fresh), onSale: "on" });
  expect((await shop.services.membership.plans()).map((plan) => plan.slug)).toContain(paid.slug);
});

test("the content API's PUT /memberships goes through the same use case: its version moves, its shape stays", async () => {
  const [plan] = await shop.services.membership.plansForStaff();
  const def = (await import("../content/collections/memberships.ts")).membershipsCollection;
  const { withTransaction } = await import("../../lib/scope.ts");
  await withTransaction(owner, (tx) => def.write!.update(tx, plan!.id, { price: 1234, benefits: ["One"] }, new Date()));
  const [after] = await shop.database.db.select().from(membershipPlans).where(eq(membershipPlans.id, plan!.id));
  expect(after).toMatchObject({ price: 1234, benefits: ["One"], name: plan!.name });
  expect(after!.updatedAt.getTime()).toBeGreaterThan(new Date(plan!.version).getTime());
  const audited = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "membership-plan.changed"), eq(auditLog.entityId, String(plan!.id))));
  expect(audited.at(-1)!.changes).toMatchObject({ price: [plan!.price, 1234] });
});
