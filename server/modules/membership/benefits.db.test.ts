import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";
import { membershipPlans, memberships, orderLines, orders, products, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { createListing } from "../catalog/listing/index.ts";
import { noFilters } from "../catalog/listing/params.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/sellable.ts";
import { discounted } from "./member-price.ts";

/*
 * Membership benefits on the server (issue 12 §3, ADR 41): member prices in the bag, checkout and
 * the order; free delivery for a plan that has it; members-only products for plans with early
 * access, and for everyone once public; nothing for a membership that has ended.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
/** An option without a member price of its own, and one with one. */
let plain: { id: number; price: number };
let own: { id: number; price: number; memberPrice: number };
/** A members-only product (members-only for good), and its option. */
let exclusive: { id: number; slug: string; name: string; variantId: number };
const people: Record<"pro" | "club" | "basic" | "ended" | "none", number> = { pro: 0, club: 0, basic: 0, ended: 0, none: 0 };

beforeAll(async () => {
  shop = await seededShop(24);
  const { db } = shop.database;
  scope = systemScope(db);
  const plans = await db
    .insert(membershipPlans)
    .values([
      // The pro plan of the demo shop, and two others to tell the benefits apart.
      { slug: "t-pro", name: "Pro", price: 4900, months: 12, discountBasisPoints: 1000, freeDelivery: true, earlyAccess: true },
      { slug: "t-club", name: "Club", price: 0, discountBasisPoints: 0, freeDelivery: false, earlyAccess: true },
      { slug: "t-basic", name: "Basic", price: 900, discountBasisPoints: 500, freeDelivery: false, earlyAccess: false },
    ])
    .returning({ id: membershipPlans.id, slug: membershipPlans.slug });
  const planId = (slug: string) => plans.find((p) => p.slug === slug)!.id;
  const day = 86_400_000;
  for (const who of Object.keys(people) as (keyof typeof people)[]) {
    const [user] = await db
      .insert(users)
      .values({ username: `benefits-${who}`, email: `benefits-${who}@example.com` })
      .returning({ id: users.id });
    people[who] = user!.id;
    if (who === "none") continue;
    const plan = who === "ended" ? "t-pro" : `t-${who}`;
    // The ended one ran from 40 to 10 days ago and was never switched off: its dates say it ended.
    const dates =
      who === "ended"
        ? { startsAt: new Date(Date.now() - 40 * day), endsAt: new Date(Date.now() - 10 * day) }
        : { startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 300 * day) };
    await db.insert(memberships).values({ userId: people[who], planId: planId(plan), ...dates });
  }

  const [plainId, ownId] = (await stockedOptions(db, 2)) as [number, number];
  const priceOf = async (id: number) =>
    (await db.select({ price: variants.price }).from(variants).where(eq(variants.id, id)))[0]!.price;
  plain = { id: plainId, price: await priceOf(plainId) };
  await db.update(variants).set({ memberPrice: null }).where(eq(variants.id, plainId));
  const ownPrice = await priceOf(ownId);
  own = { id: ownId, price: ownPrice, memberPrice: ownPrice - 777 };
  await db.update(variants).set({ memberPrice: own.memberPrice }).where(eq(variants.id, ownId));

  const [card] = await shop.services.catalog.featuredProducts();
  const [variant] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, card!.id)).limit(1);
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, variant!.id));
  await db.update(products).set({ membersOnly: true, publicAt: null }).where(eq(products.id, card!.id));
  exclusive = { id: card!.id, slug: card!.slug, name: card!.name, variantId: variant!.id };
  shop.services.catalog.invalidate();
});

afterAll(async () => {
  await shop?.close();
});

const viewerOf = (who: keyof typeof people) => shop.services.membership.benefits(scope, people[who]);
const order = (email: string, deliveryMethod = "home-standard") => ({
  email,
  shippingAddress: DUTCH_ADDRESS,
  deliveryMethod,
  paymentMethod: "bank-transfer",
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );

describe("what a membership gives", () => {
  test("a membership in force: its plan's benefits, in one read", async () => {
    expect(await viewerOf("pro")).toEqual({
      member: true,
      planSlug: "t-pro",
      discountBasisPoints: 1000,
      freeDelivery: true,
      earlyAccess: true,
    });
    expect(await viewerOf("basic")).toMatchObject({ member: true, discountBasisPoints: 500, earlyAccess: false });
  });

  test("a membership that ended, and no membership, give nothing", async () => {
    expect(await viewerOf("ended")).toEqual(ANY_VISITOR);
    expect(await viewerOf("none")).toEqual(ANY_VISITOR);
  });

  test("guests are shown what the best published plan's members pay; members their own plan's prices", async () => {
    const { membership } = shop.services;
    expect(await membership.priceRule(ANY_VISITOR)).toEqual({ member: false, discountBasisPoints: 1000 });
    expect(await membership.priceRule(await viewerOf("basic"))).toEqual({ member: true, discountBasisPoints: 500 });
  });
});

describe("member prices in the bag", () => {
  test("a member's bag: the option's own member price, else the plan's discount; totals follow", async () => {
    const viewer = await viewerOf("pro");
    const ref = { customerId: people.pro };
    await shop.services.cart.addLine(scope, ref, { variantId: plain.id, quantity: 2 }, viewer);
    const { cart } = await shop.services.cart.addLine(scope, ref, { variantId: own.id, quantity: 1 }, viewer);
    const line = (id: number) => cart.lines.find((l) => l.variantId === id)!;
    expect(line(plain.id)).toMatchObject({ unitPrice: discounted(plain.price, 1000), listPrice: plain.price });
    expect(line(own.id)).toMatchObject({ unitPrice: own.memberPrice, listPrice: own.price });
    expect(cart.subtotal).toBe(2 * discounted(plain.price, 1000) + own.memberPrice);
    expect(cart.memberSavings).toBe(2 * (plain.price - discounted(plain.price, 1000)) + 777);
  });

  test("the same bag read for a guest is at list prices", async () => {
    const ref = { customerId: people.pro };
    const asGuest = (await shop.services.cart.get(scope, ref, ANY_VISITOR))!;
    expect(asGuest.lines.map((l) => l.unitPrice).sort()).toEqual([plain.price, own.price].sort());
    expect(asGuest.subtotal).toBe(2 * plain.price + own.price);
    expect(asGuest.memberSavings).toBe(0);
  });

  test("a guest's bag is at list prices", async () => {
    const { cart } = await shop.services.cart.addLine(scope, null, { variantId: own.id, quantity: 1 });
    expect(cart.lines[0]).toMatchObject({ unitPrice: own.price, listPrice: own.price });
    expect(cart.subtotal).toBe(own.price);
  });

  test("a plan without a discount: only options with a member price of their own cost less", async () => {
    const viewer = await viewerOf("club");
    const ref = { customerId: people.club };
    await shop.services.cart.addLine(scope, ref, { variantId: plain.id, quantity: 1 }, viewer);
    const { cart } = await shop.services.cart.addLine(scope, ref, { variantId: own.id, quantity: 1 }, viewer);
    expect(cart.subtotal).toBe(plain.price + own.memberPrice);
  });
});

describe("checkout and the placed order", () => {
  const quoteFor = async (who: keyof typeof people, deliveryMethod = "home-standard") => {
    const viewer = await viewerOf(who);
    const ref = { customerId: people[who] };
    await shop.services.cart.addLine(scope, ref, { variantId: plain.id, quantity: 1 }, viewer);
    return shop.services.checkout.quote(scope, { customerId: people[who], bag: ref, viewer }, { country: "NL", deliveryMethod });
  };

  test("free delivery for the plan that has it only, and only on standard delivery", async () => {
    const basic = await quoteFor("basic");
    const guestLike = await quoteFor("none");
    const pro = await quoteFor("pro");
    expect(basic.totals.delivery).toBeGreaterThan(0);
    expect(guestLike.totals.delivery).toBe(basic.totals.delivery);
    expect(pro.totals.delivery).toBe(0);
    expect(pro.methods.find((m) => m.speed === "standard")!.price).toBe(0);
    const express = pro.methods.find((m) => m.speed === "express");
    if (express) expect(express.price).toBe(express.listPrice);
    // The delivery methods answer (REST /ecommerce/delivery-methods, GraphQL) says the same.
    const options = await shop.services.checkout.deliveryOptions(scope, { country: "NL" }, 100, await viewerOf("pro"));
    expect(options.find((m) => m.speed === "standard")!.price).toBe(0);
  });

  test("an ended membership pays list prices and delivery", async () => {
    const ended = await quoteFor("ended");
    const { cart } = await shop.services.cart.addLine(scope, null, { variantId: plain.id, quantity: 1 });
    const guest = await shop.services.checkout.quote(
      scope,
      { customerId: null, bag: cart.token },
      { country: "NL", deliveryMethod: "home-standard" },
    );
    expect(ended.lines.map((l) => l.unitPrice)).toEqual([plain.price]);
    expect(ended.totals).toEqual(guest.totals);
  });

  test("the placed order keeps what the member paid, what member prices saved, and free delivery", async () => {
    const viewer = await viewerOf("pro");
    const ref = { customerId: people.pro };
    const before = (await shop.services.cart.get(scope, ref, viewer))!;
    const placed = await shop.services.checkout.placeOrder(
      scope,
      { customerId: people.pro, bag: ref, viewer },
      order("benefits-pro@example.com"),
    );
    expect(placed.order).toMatchObject({ subtotal: before.subtotal, memberSavings: before.memberSavings, shipping: 0 });
    expect(placed.order.total).toBe(before.subtotal);
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    const paid = Object.fromEntries(lines.map((l) => [l.variantId, l.unitPrice]));
    expect(paid[plain.id]).toBe(discounted(plain.price, 1000));
    expect(paid[own.id]).toBe(own.memberPrice);
    const view = await shop.services.orders.view(scope, placed.order);
    expect(view.totals.memberSavings).toBe(before.memberSavings);
  });

  test("a guest's order is at list prices", async () => {
    const { cart } = await shop.services.cart.addLine(scope, null, { variantId: own.id, quantity: 1 });
    const placed = await shop.services.checkout.placeOrder(
      scope,
      { customerId: null, bag: cart.token },
      order("guest@example.com"),
    );
    expect(placed.order).toMatchObject({ subtotal: own.price, memberSavings: 0 });
    const [row] = await shop.database.db.select({ total: orders.total }).from(orders).where(eq(orders.id, placed.order.id));
    expect(row!.total).toBeGreaterThanOrEqual(own.price);
  });
});

describe("early access: a members-only product", () => {
  const everything = { scope: {}, filters: noFilters(), sort: "featured" as const, page: 1, pageSize: 100 };
  const seenBy = async (viewer: Viewer) => {
    const { catalog, compare } = shop.services;
    const listed = (await catalog.listing.list(everything, viewer)).products.some((p) => p.id === exclusive.id);
    const found = (await catalog.listing.list({ ...everything, query: exclusive.name }, viewer)).products.some(
      (p) => p.id === exclusive.id,
    );
    const page = (await catalog.cachedProductDetail(exclusive.slug, viewer)) !== null;
    const api = (await catalog.productDetail(String(exclusive.id), viewer)) !== null;
    const compared = (await compare.show([exclusive.id], {}, viewer)).productIds.includes(exclusive.id);
    return { listed, found, page, api, compared };
  };
  const nowhere = { listed: false, found: false, page: false, api: false, compared: false };

  test("is invisible and unbuyable to a guest, a customer who is no member, and a plan without early access", async () => {
    for (const viewer of [ANY_VISITOR, await viewerOf("none"), await viewerOf("basic"), await viewerOf("ended")]) {
      expect(await seenBy(viewer)).toEqual(nowhere);
      expect(await failure(shop.services.cart.addLine(scope, null, { variantId: exclusive.variantId }, viewer))).toBe(
        "VARIANT_NOT_FOUND",
      );
    }
  });

  test("is listed, found, shown and sold to a member whose plan gives early access", async () => {
    const viewer = await viewerOf("club");
    expect(await seenBy(viewer)).toEqual({ listed: true, found: true, page: true, api: true, compared: true });
    const ref = { customerId: people.club };
    const { cart } = await shop.services.cart.addLine(scope, ref, { variantId: exclusive.variantId }, viewer);
    expect(cart.lines.find((l) => l.variantId === exclusive.variantId)).toMatchObject({ available: true, problem: null });
    expect(await shop.services.cart.count(scope, ref, viewer)).toBe(cart.itemCount);
    // The same bag read for someone without early access: that line counts towards nothing.
    const asGuest = (await shop.services.cart.get(scope, ref, ANY_VISITOR))!;
    expect(asGuest.lines.find((l) => l.variantId === exclusive.variantId)).toMatchObject({ available: false });
    const placed = await shop.services.checkout.placeOrder(
      scope,
      { customerId: people.club, bag: ref, viewer },
      order("benefits-club@example.com"),
    );
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(lines.map((l) => l.variantId)).toContain(exclusive.variantId);
  });

  test("checkout refuses it to a buyer without early access, whatever is in the bag", async () => {
    const club = await viewerOf("club");
    const ref = { customerId: people.none };
    // Put there while the customer could buy it (as if they had been a member).
    await shop.services.cart.addLine(scope, ref, { variantId: exclusive.variantId }, club);
    const buyer = { customerId: people.none, bag: ref, viewer: await viewerOf("none") };
    expect(await failure(shop.services.checkout.placeOrder(scope, buyer, order("benefits-none@example.com")))).toBe(
      "NOT_ENOUGH_STOCK",
    );
  });

  test("opens to everyone at its public_at, within the read model's check, with no catalogue write then", async () => {
    const { db } = shop.database;
    const [card] = (await shop.services.catalog.featuredProducts()).filter((p) => p.id !== exclusive.id);
    const listing = createListing(db, { cacheMs: 50 });
    const listed = async (viewer: Viewer) => (await listing.list(everything, viewer)).products.some((p) => p.id === card!.id);
    await db
      .update(products)
      .set({ membersOnly: true, publicAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(products.id, card!.id));
    expect(await listed(ANY_VISITOR)).toBe(false);
    expect(await listed(await viewerOf("club"))).toBe(true);
    // Nothing is written when the time comes: the snapshot knows when it goes stale.
    await vi.waitFor(async () => expect(await listed(ANY_VISITOR)).toBe(true), { timeout: 10_000, interval: 100 });
    const [variant] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, card!.id)).limit(1);
    await db.update(variants).set({ stock: 3 }).where(eq(variants.id, variant!.id));
    const { cart } = await shop.services.cart.addLine(scope, null, { variantId: variant!.id });
    expect(cart.lines[0]).toMatchObject({ available: true });
    expect(await shop.services.catalog.productDetail(card!.slug, ANY_VISITOR)).not.toBeNull();
  });
});
