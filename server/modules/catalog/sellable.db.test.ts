import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { products, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { noFilters } from "./listing/params.ts";
import { alertAskerAccess, isSellableTo, sellableTo } from "./sellable.ts";

/*
 * ADR 31: one rule says who may see and buy a product. An unpublished product, a members-only
 * one and one scheduled for later (issue 25) are, for a guest, not listed, not found, not shown,
 * not on a card, given no information and not sold; each use reads the rule from sellable.ts.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
const hidden: { id: number; slug: string; name: string; variantId: number; why: string }[] = [];
let guestBag: string;

beforeAll(async () => {
  shop = await seededShop(24);
  const { db } = shop.database;
  const featured = await shop.services.catalog.featuredProducts();
  const [unpublished, membersOnly, scheduled] = featured.slice(0, 3);
  const scope = systemScope(db);
  for (const [card, why] of [
    [unpublished!, "unpublished"],
    [membersOnly!, "members-only"],
    [scheduled!, "scheduled"],
  ] as const) {
    const [variant] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, card.id)).limit(1);
    await db.update(variants).set({ stock: 5 }).where(eq(variants.id, variant!.id));
    hidden.push({ id: card.id, slug: card.slug, name: card.name, variantId: variant!.id, why });
  }
  // A guest put both in the bag while they were still for sale.
  const first = await shop.services.cart.addLine(scope, null, { variantId: hidden[0]!.variantId });
  guestBag = first.cart.token!;
  await shop.services.cart.addLine(scope, guestBag, { variantId: hidden[1]!.variantId });
  await shop.services.cart.addLine(scope, guestBag, { variantId: hidden[2]!.variantId });
  await db.update(products).set({ published: false }).where(eq(products.id, unpublished!.id));
  await db.update(products).set({ membersOnly: true }).where(eq(products.id, membersOnly!.id));
  // Published, with a publish date next year: on the shop from then on.
  await db
    .update(products)
    .set({ publishAt: new Date(Date.now() + 365 * 24 * 3600_000) })
    .where(eq(products.id, scheduled!.id));
  shop.services.catalog.invalidate();
});

afterAll(async () => {
  await shop?.close();
});

describe.each([0, 1, 2])("a product hidden from guests (%#)", (n) => {
  const product = () => hidden[n]!;

  test("is not listed, and not found by its name", async () => {
    const { listing } = shop.services.catalog;
    const all = await listing.list({ scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 100 });
    expect(all.products.map((p) => p.id)).not.toContain(product().id);
    const found = await listing.list({
      scope: {},
      filters: noFilters(),
      sort: "featured",
      page: 1,
      pageSize: 100,
      query: product().name,
    });
    expect(found.products.map((p) => p.id)).not.toContain(product().id);
    expect((await listing.suggest(product().name, 20)).map((p) => p.id)).not.toContain(product().id);
  });

  test("has no product page, no card among the featured, and no information blocks", async () => {
    const { catalog } = shop.services;
    expect(await catalog.productDetail(product().slug)).toBeNull();
    expect((await catalog.featuredProducts()).map((p) => p.id)).not.toContain(product().id);
    await expect(catalog.customInformation.list({ product: product().slug })).rejects.toMatchObject({
      code: "UNKNOWN_INFORMATION_TARGET",
    });
  });

  test("cannot be bought, and a bag that holds it says it is no longer available", async () => {
    const scope = systemScope(shop.database.db);
    await expect(shop.services.cart.addLine(scope, null, { variantId: product().variantId })).rejects.toMatchObject({
      code: "VARIANT_NOT_FOUND",
    });
    const bag = await shop.services.cart.get(scope, guestBag);
    expect(bag!.lines.find((line) => line.variantId === product().variantId)?.available).toBe(false);
    expect(await shop.services.cart.count(scope, guestBag)).toBe(0);
  });
});

test("the rule in memory: published products for everyone, members-only ones for members with early access only", () => {
  const guest = { earlyAccess: false };
  const member = { earlyAccess: true };
  expect(isSellableTo(guest, { published: true, publishAt: null, membersOnly: false })).toBe(true);
  expect(isSellableTo(guest, { published: true, publishAt: null, membersOnly: true })).toBe(false);
  expect(isSellableTo(member, { published: true, publishAt: null, membersOnly: true })).toBe(true);
  expect(isSellableTo(member, { published: false, publishAt: null, membersOnly: false })).toBe(false);
  // Early access ends at public_at: from then on everyone may buy it; null keeps it members-only.
  const now = Date.parse("2026-12-01T12:00:00Z");
  expect(
    isSellableTo(guest, { published: true, publishAt: null, membersOnly: true, publicAt: "2026-12-01T12:00:00Z" }, now),
  ).toBe(true);
  expect(isSellableTo(guest, { published: true, publishAt: null, membersOnly: true, publicAt: new Date(now + 1) }, now)).toBe(
    false,
  );
  expect(isSellableTo(guest, { published: true, publishAt: null, membersOnly: true, publicAt: null }, now)).toBe(false);
  expect(isSellableTo(guest, { published: false, publishAt: null, membersOnly: true, publicAt: new Date(now - 1) }, now)).toBe(
    false,
  );
  // A scheduled product is sold to no one before its publish_at, to everyone from then on.
  expect(isSellableTo(member, { published: true, publishAt: new Date(now + 1), membersOnly: false }, now)).toBe(false);
  expect(isSellableTo(guest, { published: true, publishAt: "2026-12-01T12:00:00Z", membersOnly: false }, now)).toBe(true);
  expect(isSellableTo(guest, { published: false, publishAt: new Date(now - 1), membersOnly: false }, now)).toBe(false);
});

test("the rule in SQL for a member also sells members-only products, never unpublished ones", async () => {
  const rows = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(
      sql`${inArray(
        products.id,
        hidden.map((h) => h.id),
      )} and ${sellableTo({ earlyAccess: true }, sql`${products}`)}`,
    );
  expect(rows.map((r) => r.id)).toEqual([hidden[1]!.id]);
});

test("the rule in SQL at a given moment: a scheduled product is sold from its publish_at, to members too", async () => {
  const { db } = shop.database;
  const [row] = await db.select({ publishAt: products.publishAt }).from(products).where(eq(products.id, hidden[2]!.id));
  const publishAt = row!.publishAt!;
  const sold = async (earlyAccess: boolean, at: Date) => {
    const [answer] = await db
      .select({ sold: sql<boolean>`${sellableTo({ earlyAccess }, sql`${products}`, at)}` })
      .from(products)
      .where(eq(products.id, hidden[2]!.id));
    return answer!.sold;
  };
  expect(await sold(true, new Date(publishAt.getTime() - 1))).toBe(false);
  expect(await sold(false, new Date(publishAt.getTime() - 1))).toBe(false);
  expect(await sold(false, publishAt)).toBe(true);
});

test("the rule in SQL at a given moment, and for back-in-stock askers row by row (a customer's request as early access)", async () => {
  const { db } = shop.database;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.published, true)).limit(1);
  const publicAt = new Date("2026-12-01T12:00:00Z");
  await db.update(products).set({ membersOnly: true, publicAt }).where(eq(products.id, row!.id));
  try {
    const sold = async (viewer: Parameters<typeof sellableTo>[0], at: Date) => {
      const [answer] = await db
        .select({ sold: sql<boolean>`${sellableTo(viewer, sql`${products}`, at)}` })
        .from(products)
        .where(eq(products.id, row!.id));
      return answer!.sold;
    };
    const before = new Date(publicAt.getTime() - 1);
    expect(await sold({ earlyAccess: false }, before)).toBe(false);
    expect(await sold({ earlyAccess: false }, publicAt)).toBe(true);
    expect(await sold(alertAskerAccess(sql`null::int`), before)).toBe(false);
    expect(await sold(alertAskerAccess(sql`${1}::int`), before)).toBe(true);
    expect(await sold(alertAskerAccess(sql`null::int`), publicAt)).toBe(true);
  } finally {
    await db.update(products).set({ membersOnly: false, publicAt: null }).where(eq(products.id, row!.id));
  }
});
