import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { queryRows, type Database } from "../../db/client.ts";
import {
  carts,
  mailJobs,
  membershipOrders,
  membershipPlans,
  memberships,
  orderLines,
  orders,
  users,
} from "../../db/schema/index.ts";
import { membershipsCollection } from "../content/collections/memberships.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import type { Services } from "../../services.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { benefitsOf } from "./benefits.ts";
import { expireReservations } from "../orders/expire-reservations.ts";

/*
 * Buying the paid plan through checkout (issue 12 §3, ADR 42): the bag's membership line, its
 * price, the order, activation when paid (once), renewal, replacing the free plan, and the end of
 * it when the order is refunded or cancelled.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;
let services: Services;
let scope: Scope;
let option: number;
let people = 0;

beforeAll(async () => {
  shop = await seededShop(8);
  database = shop.database;
  services = shop.services;
  scope = systemScope(database.db);
  [option] = (await stockedOptions(database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

async function customer(): Promise<number> {
  const n = ++people;
  const [row] = await database.db
    .insert(users)
    .values({ username: `buyer${n}`, email: `buyer${n}@example.com`, firstName: `Sam${n}` })
    .returning({ id: users.id });
  return row!.id;
}

const bagOf = (customerId: number) => ({ customerId });
const buyer = (customerId: number) => ({ customerId, bag: bagOf(customerId) });

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `buyer${people}@example.com`,
    shippingAddress: {
      firstName: "Iris",
      lastName: "de Vries",
      line1: "Keizersgracht 1",
      city: "Amsterdam",
      postalCode: "1015 CJ",
      country: "NL",
    },
    paymentMethod: "bank-transfer",
    ...overrides,
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; message: string; field?: string },
  );

async function membershipsOf(userId: number) {
  const rows = await queryRows<{
    plan: string;
    active: boolean;
    startsAt: string;
    endsAt: string | null;
    orderId: number | null;
  }>(
    database.db,
    sql`select p.slug as plan, m.active, m.starts_at as "startsAt", m.ends_at as "endsAt", m.order_id as "orderId"
        from memberships m join membership_plans p on p.id = m.plan_id where m.user_id = ${userId} order by m.id`,
  );
  return rows.map((row) => ({
    ...row,
    startsAt: new Date(row.startsAt),
    endsAt: row.endsAt === null ? null : new Date(row.endsAt),
  }));
}

/** A customer's bank-transfer order of the pro plan alone, placed. */
async function proOrder(userId: number) {
  await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
  return (await services.checkout.placeOrder(scope, buyer(userId), orderBody())).order;
}

const monthsBetween = (from: Date, to: Date) =>
  (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());

describe("the bag's membership line", () => {
  test("holds one plan, read with its price; a guest is sent to log in; a free plan is refused", async () => {
    const userId = await customer();
    expect(await services.cart.count(scope, bagOf(userId))).toBe(0);
    const bag = await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    expect(bag.membership).toMatchObject({ slug: "pro", price: 4900, months: 12, available: true });
    expect(bag.lines).toHaveLength(0);
    // The header counts the plan as one thing in the bag, and the goods besides it.
    expect(await services.cart.count(scope, bagOf(userId))).toBe(1);
    const withGoods = await services.cart.addLine(scope, bagOf(userId), { variantId: option, quantity: 2 });
    expect(await services.cart.count(scope, bagOf(userId))).toBe(3);
    await services.cart.removeLine(scope, bagOf(userId), { lineId: withGoods.lineId });
    const again = await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    expect(again.membership?.slug).toBe("pro");
    expect((await failure(services.cart.putMembership(scope, null, { plan: "pro" })))?.code).toBe("UNAUTHENTICATED");
    expect((await failure(services.cart.putMembership(scope, bagOf(userId), { plan: "club" })))?.code).toBe("PLAN_NOT_FOUND");
    const removed = await services.cart.removeMembership(scope, bagOf(userId));
    expect(removed.membership).toBeNull();
    expect(await services.cart.count(scope, bagOf(userId))).toBe(0);
  });

  test("a membership alone is priced with VAT and no delivery, and the promo code leaves it alone", async () => {
    const userId = await customer();
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    const quote = await services.checkout.quote(scope, buyer(userId), { country: "NL", promoCode: "WELCOME10" });
    expect(quote.needsDelivery).toBe(false);
    expect(quote.methods).toEqual([]);
    expect(quote.method).toBeNull();
    expect(quote.membership).toMatchObject({
      name: "Keepers' Club Pro membership (12 months)",
      sku: "membership-pro",
      price: 4900,
    });
    expect(quote.totals).toMatchObject({ subtotal: 4900, discount: 0, delivery: 0, total: 4900, vatRateBasisPoints: 2100 });
    expect(quote.totals.tax).toBe(Math.round((4900 * 2100) / 12100));
  });

  test("with goods, delivery is charged for the goods (benefits start only when paid)", async () => {
    const userId = await customer();
    await services.cart.addLine(scope, bagOf(userId), { variantId: option, quantity: 1 });
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    const quote = await services.checkout.quote(scope, buyer(userId), { country: "NL", deliveryMethod: "home-standard" });
    const goods = quote.lines[0]!.lineTotal;
    expect(quote.needsDelivery).toBe(true);
    expect(quote.lines[0]!.listPrice).toBeUndefined(); // no member price yet
    const standard = quote.methods.find((m) => m.id === "home-standard")!;
    expect(quote.totals.delivery).toBe(standard.price);
    expect(quote.totals.subtotal).toBe(goods + 4900);
    expect(quote.totals.total).toBe(goods + 4900 + standard.price);
    // Placing without a method is refused when there are goods.
    const refused = await failure(services.checkout.placeOrder(scope, buyer(userId), orderBody()));
    expect(refused).toMatchObject({ code: "INVALID_INPUT", field: "deliveryMethod" });
    const { order, lines } = await services.checkout.placeOrder(
      scope,
      buyer(userId),
      orderBody({ deliveryMethod: "home-standard" }),
    );
    expect(order.shipping).toBe(standard.price);
    expect(order.total).toBe(goods + 4900 + standard.price);
    expect(lines.map((line) => line.sku)).toContain("membership-pro");
  });
});

describe("placing and paying", () => {
  test("a membership-only bank-transfer order; paid, it activates for 12 months, once", async () => {
    const userId = await customer();
    const order = await proOrder(userId);
    expect(order).toMatchObject({ status: "awaiting_payment", shipping: 0, deliveryMethodId: null, total: 4900, subtotal: 4900 });
    expect(order.number).toMatch(/^KS-\d+$/);
    expect(order.membershipPlanId).not.toBeNull();
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: null, variantId: null, sku: "membership-pro", quantity: 1, unitPrice: 4900 }),
    ]);
    expect(lines[0]!.productName).toBe("Keepers' Club Pro membership (12 months)");
    const [bag] = await database.db.select().from(carts).where(eq(carts.userId, userId));
    expect(bag!.membershipPlanId).toBeNull();
    expect(await membershipsOf(userId)).toEqual([]);
    expect((await benefitsOf(database.db, userId)).member).toBe(false);

    await services.staff.markPaid(scope, order.number);
    // Its mails speak of the membership: nothing is packed or sent.
    const mails = await database.db.select().from(mailJobs).where(eq(mailJobs.to, order.email)).orderBy(mailJobs.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Your order ${order.number} at `)),
      `We received your payment for order ${order.number}`,
    ]);
    expect(mails[0]!.text).toContain("your membership starts as soon as the payment arrives");
    expect(mails[1]!.text).toContain("Your membership has started.");
    for (const mail of mails) expect(mail.text).not.toMatch(/packing|your items/);
    const [active] = await membershipsOf(userId);
    expect(active).toMatchObject({ plan: "pro", active: true, orderId: order.id });
    expect(monthsBetween(active!.startsAt, active!.endsAt!)).toBe(12);
    expect(await benefitsOf(database.db, userId)).toMatchObject({ member: true, planSlug: "pro", freeDelivery: true });

    // Told paid again: refused by the state machine, and nothing more is activated.
    expect((await failure(services.staff.markPaid(scope, order.number)))?.code).toBe("INVALID_TRANSITION");
    const { activatePaidMembership } = await import("./activate.ts");
    await activatePaidMembership(database.db, order);
    expect(await membershipsOf(userId)).toHaveLength(1);
  });

  test("a membership-only order not paid in time is cancelled with words about the membership, not items", async () => {
    const userId = await customer();
    const order = await proOrder(userId);
    const later = new Date(Date.now() + 30 * 86_400_000);
    await expireReservations(
      database.db,
      { siteName: "Safe Hands", orderLink: (n) => `https://shop.example/orders/${n}` },
      later,
    );
    const [cancelled] = await database.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.to, order.email), eq(mailJobs.subject, `Your order ${order.number} has been cancelled`)));
    expect(cancelled!.text).toContain("the payment did not arrive in time.");
    expect(cancelled!.text).toContain("If you still want the membership, you are welcome to join again.");
    expect(cancelled!.text).not.toMatch(/items/);
    expect(await membershipsOf(userId)).toEqual([]);
  });

  test("renewing the same plan runs on from the current end", async () => {
    const userId = await customer();
    await services.staff.markPaid(scope, (await proOrder(userId)).number);
    const [first] = await membershipsOf(userId);
    const second = await proOrder(userId);
    await services.staff.markPaid(scope, second.number);
    const rows = await membershipsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: true, orderId: second.id });
    expect(rows[0]!.endsAt!.getTime()).toBeGreaterThan(first!.endsAt!.getTime());
    expect(monthsBetween(first!.endsAt!, rows[0]!.endsAt!)).toBe(12);
  });

  test("the free club membership is replaced when the paid one starts", async () => {
    const userId = await customer();
    await services.membership.joinFree(scope, userId, { plan: "club" });
    const order = await proOrder(userId);
    // Until paid, the club membership stays.
    expect((await membershipsOf(userId)).map((m) => [m.plan, m.active])).toEqual([["club", true]]);
    await services.staff.markPaid(scope, order.number);
    const rows = await membershipsOf(userId);
    expect(rows.map((m) => [m.plan, m.active])).toEqual([
      ["club", false],
      ["pro", true],
    ]);
    expect(rows[0]!.endsAt).not.toBeNull();
    expect((await services.membership.status(userId))?.plan.slug).toBe("pro");
  });

  test("a guest's bag, an unpublished plan and a second paid plan are refused", async () => {
    // A guest's bag never holds a plan: set one by hand, placing still refuses it.
    const guestBag = (await services.cart.addLine(scope, null, { variantId: option, quantity: 1 })).cart.token!;
    const [pro] = await queryRows<{ id: number }>(database.db, sql`select id from membership_plans where slug = 'pro'`);
    await database.db.execute(sql`update carts set membership_plan_id = ${pro!.id} where user_id is null`);
    const guestQuote = await services.checkout.quote(scope, { customerId: null, bag: guestBag }, { country: "NL" });
    expect(guestQuote.membership).toBeNull(); // only a customer's bag holds one
    await database.db.execute(sql`update carts set membership_plan_id = null where user_id is null`);

    const userId = await customer();
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    await database.db.execute(sql`update membership_plans set published_at = null where slug = 'pro'`);
    try {
      const refused = await failure(services.checkout.placeOrder(scope, buyer(userId), orderBody()));
      expect(refused?.code).toBe("PLAN_NOT_FOUND");
    } finally {
      await database.db.execute(sql`update membership_plans set published_at = now() - interval '1 day' where slug = 'pro'`);
    }

    // Another paid plan in force: one membership at a time.
    await database.db.execute(
      sql`insert into membership_plans (slug, name, price, months, position) values ('elite', 'Elite', 9900, 12, 5)`,
    );
    const member = await customer();
    await services.staff.markPaid(scope, (await proOrder(member)).number);
    const other = await failure(services.cart.putMembership(scope, bagOf(member), { plan: "elite" }));
    expect(other?.code).toBe("ALREADY_MEMBER");
    // Put in before the pro plan was paid: refused at placing.
    const late = await customer();
    await services.cart.putMembership(scope, bagOf(late), { plan: "elite" });
    await services.staff.markPaid(scope, (await proOrder(late)).number);
    await services.cart.putMembership(scope, bagOf(late), { plan: "pro" });
    await database.db.execute(
      sql`update carts set membership_plan_id = (select id from membership_plans where slug = 'elite') where user_id = ${late}`,
    );
    expect((await failure(services.checkout.placeOrder(scope, buyer(late), orderBody())))?.code).toBe("ALREADY_MEMBER");
  });

  test("a refund ends the membership it activated; cancelling an unpaid order activates nothing", async () => {
    const userId = await customer();
    const order = await proOrder(userId);
    await services.staff.markPaid(scope, order.number);
    await services.staff.refund(scope, order.number);
    const [ended] = await membershipsOf(userId);
    expect(ended).toMatchObject({ active: false });
    expect(ended!.endsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await benefitsOf(database.db, userId)).member).toBe(false);
    const [refunded] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded!.status).toBe("refunded");

    const other = await customer();
    const unpaid = await proOrder(other);
    await services.staff.cancel(scope, unpaid.number);
    expect(await membershipsOf(other)).toEqual([]);
    const paidThenCancelled = await proOrder(other);
    await services.staff.markPaid(scope, paidThenCancelled.number);
    await services.staff.cancel(scope, paidThenCancelled.number);
    expect((await membershipsOf(other)).map((m) => m.active)).toEqual([false]);
    // memberships.order_id keeps which order it was.
    const rows = await database.db.select().from(memberships).where(eq(memberships.userId, other));
    expect(rows[0]!.orderId).toBe(paidThenCancelled.id);
  });
});

describe("review fixes (ADR 42)", () => {
  const proPlanId = async () =>
    (await queryRows<{ id: number }>(database.db, sql`select id from membership_plans where slug = 'pro'`))[0]!.id;

  test("placing is refused while another plan order waits for its payment", async () => {
    const userId = await customer();
    const first = await proOrder(userId);
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    const refused = await failure(services.checkout.placeOrder(scope, buyer(userId), orderBody()));
    expect(refused?.code).toBe("ALREADY_MEMBER");
    expect(refused?.message).toContain(first.number);
    // Once it is paid, a renewal may be placed.
    await services.staff.markPaid(scope, first.number);
    await services.checkout.placeOrder(scope, buyer(userId), orderBody());
  });

  test("paying an order of another plan keeps the paid plan's months: it runs on from its end", async () => {
    await database.db
      .insert(membershipPlans)
      .values({ slug: "keeper-elite", name: "Elite", price: 9900, months: 12, position: 6 })
      .onConflictDoNothing();
    const userId = await customer();
    await services.staff.markPaid(scope, (await proOrder(userId)).number);
    const [pro] = await membershipsOf(userId);
    const older = await proOrder(userId);
    // An older order of another plan (placed before the rules refused it).
    await database.db.execute(
      sql`update orders set membership_plan_id = (select id from membership_plans where slug = 'keeper-elite') where id = ${older.id}`,
    );
    await services.staff.markPaid(scope, older.number);
    const rows = await membershipsOf(userId);
    expect(rows.filter((m) => m.active)).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({ plan: "keeper-elite", active: true });
    expect(monthsBetween(pro!.endsAt!, rows.at(-1)!.endsAt!)).toBe(12);
    // Refunding it gives the pro plan back with its own months.
    await services.staff.refund(scope, older.number);
    expect((await membershipsOf(userId)).at(-1)).toMatchObject({ plan: "pro", active: true, endsAt: pro!.endsAt });
  });

  test("refunding the first order after a renewal takes off its months only; the last one ends it", async () => {
    const userId = await customer();
    const first = await proOrder(userId);
    await services.staff.markPaid(scope, first.number);
    const second = await proOrder(userId);
    await services.staff.markPaid(scope, second.number);
    const [renewed] = await membershipsOf(userId);
    expect(monthsBetween(renewed!.startsAt, renewed!.endsAt!)).toBe(24);
    await services.staff.refund(scope, first.number);
    const [afterFirst] = await membershipsOf(userId);
    expect(afterFirst).toMatchObject({ active: true });
    expect(monthsBetween(afterFirst!.startsAt, afterFirst!.endsAt!)).toBe(12);
    expect((await benefitsOf(database.db, userId)).member).toBe(true);
    await services.staff.refund(scope, second.number);
    const [ended] = await membershipsOf(userId);
    expect(ended).toMatchObject({ active: false });
    expect(ended!.endsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const recorded = await queryRows<{ orderId: number; months: number | null; takenBackAt: string | null }>(
      database.db,
      sql`select order_id as "orderId", months, taken_back_at as "takenBackAt" from ${membershipOrders}
          where order_id in (${first.id}, ${second.id}) order by id`,
    );
    expect(recorded.map((row) => [row.orderId, row.months, row.takenBackAt !== null])).toEqual([
      [first.id, 12, true],
      [second.id, 12, true],
    ]);
  });

  test("refunding an upgrade from the free plan gives the free membership back", async () => {
    const userId = await customer();
    await services.membership.joinFree(scope, userId, { plan: "club" });
    const order = await proOrder(userId);
    await services.staff.markPaid(scope, order.number);
    await services.staff.refund(scope, order.number);
    const rows = await membershipsOf(userId);
    expect(rows.map((m) => [m.plan, m.active])).toEqual([
      ["club", false],
      ["pro", false],
      ["club", true],
    ]);
    expect((await services.membership.status(userId))?.plan.slug).toBe("club");
  });

  test("a membership alone needs a country the shop sells to", async () => {
    const userId = await customer();
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    const address = { ...orderBody().shippingAddress, country: "KE", province: "01", postalCode: "00100" };
    const refused = await failure(services.checkout.placeOrder(scope, buyer(userId), orderBody({ shippingAddress: address })));
    expect(refused).toMatchObject({ code: "DELIVERY_UNAVAILABLE", field: "shippingAddress.country" });
    const quote = await services.checkout.quote(scope, buyer(userId), { country: "KE" });
    expect(quote.problems.map((p) => p.code)).toContain("DELIVERY_UNAVAILABLE");
    expect((await failure(services.checkout.chooseForBag(scope, buyer(userId), { country: "KE" })))?.code).toBe(
      "DELIVERY_UNAVAILABLE",
    );
    // A country with a VAT rate but no delivery (none here), or with delivery, is accepted.
    const chosen = await services.checkout.chooseForBag(scope, buyer(userId), { country: "NL" });
    expect(chosen.priced?.totals).toMatchObject({ subtotal: 4900, delivery: 0, total: 4900 });
  });

  test("the order keeps the plan's months and currency rules; a plan ordered cannot be deleted", async () => {
    const userId = await customer();
    const order = await proOrder(userId);
    expect(order.membershipMonths).toBe(12);
    await database.db.update(membershipPlans).set({ months: 1 }).where(eq(membershipPlans.slug, "pro"));
    try {
      await services.staff.markPaid(scope, order.number);
    } finally {
      await database.db.update(membershipPlans).set({ months: 12 }).where(eq(membershipPlans.slug, "pro"));
    }
    const [active] = await membershipsOf(userId);
    expect(monthsBetween(active!.startsAt, active!.endsAt!)).toBe(12);

    const [plan] = await database.db.select().from(membershipPlans).where(eq(membershipPlans.slug, "pro"));
    const removal = await failure(
      services.content.remove(scope, { userId, scopes: ["settings"] }, membershipsCollection, plan!.documentId),
    );
    expect(removal?.code).toBe("ENTRY_IN_USE");

    const other = await customer();
    await services.cart.putMembership(scope, bagOf(other), { plan: "pro" });
    await database.db.update(membershipPlans).set({ currency: "USD" }).where(eq(membershipPlans.slug, "pro"));
    try {
      expect((await failure(services.checkout.placeOrder(scope, buyer(other), orderBody())))?.code).toBe("PLAN_NOT_FOUND");
    } finally {
      await database.db.update(membershipPlans).set({ currency: "EUR" }).where(eq(membershipPlans.slug, "pro"));
    }
    expect(await proPlanId()).toBe(plan!.id);
  });

  test("a free join and a paid activation at once: the payment is recorded", async () => {
    const userId = await customer();
    const order = await proOrder(userId);
    const [join, paid] = await Promise.allSettled([
      services.membership.joinFree(scope, userId, { plan: "club" }),
      services.staff.markPaid(scope, order.number),
    ]);
    expect(paid.status).toBe("fulfilled");
    if (join.status === "rejected") expect((join.reason as { code: string }).code).toBe("ALREADY_MEMBER");
    expect((await services.membership.status(userId))?.plan.slug).toBe("pro");
  });

  test("a bag holding only a plan is not pruned as empty", async () => {
    const userId = await customer();
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    await database.db.execute(sql`update carts set updated_at = now() - interval '2 days' where user_id = ${userId}`);
    await services.cart.pruneIdleCarts(scope);
    const [bag] = await database.db.select().from(carts).where(eq(carts.userId, userId));
    expect(bag?.membershipPlanId).not.toBeNull();
  });

  test("the placed answer's lines are those a later read gives", async () => {
    const userId = await customer();
    await services.cart.addLine(scope, bagOf(userId), { variantId: option, quantity: 1 });
    await services.cart.putMembership(scope, bagOf(userId), { plan: "pro" });
    const placed = await services.checkout.placeOrder(scope, buyer(userId), orderBody({ deliveryMethod: "home-standard" }));
    const later = await services.orders.view(scope, placed.order);
    expect(placed.lines).toEqual(later.lines);
    expect(placed.lines.at(-1)).toMatchObject({ variantId: null, sku: "membership-pro" });
    expect(Object.keys(placed.lines[0]!)).not.toContain("productId");
  });
});
