import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import type { Database } from "../../db/client.ts";
import { products, promoCodes, variants } from "../../db/schema/index.ts";
import { createCarts, MAX_BAG_LINES, type CartView } from "../../modules/cart/index.ts";
import { stockedOptions, newBagsLimit } from "../../../tests/support/cart-fixtures.ts";
import { cartsApi } from "./carts.ts";
import { toErrorResponse } from "./errors.ts";
import { ecommerceApi } from "./ecommerce.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let database: Database;
let app: Hono<ShopEnv>;
let variant: { id: number; price: number };
let secondVariant: number;

beforeAll(async () => {
  shop = await seededShop(12);
  database = shop.database;
  const rows = await database.db
    .select({ id: variants.id, price: variants.price })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`${products.published} and not ${products.membersOnly}`)
    .orderBy(variants.id)
    .limit(2);
  variant = rows[0]!;
  secondVariant = rows[1]!.id;
  await database.db.update(variants).set({ stock: 3 }).where(eq(variants.id, variant.id));
  await database.db.update(variants).set({ stock: 5 }).where(eq(variants.id, secondVariant));
  app = shopApp(shop, { currency: "GBP" });
  app.route("/ecommerce", ecommerceApi());
});

afterAll(async () => {
  await shop?.close();
});

type Bag = CartView & {
  id: string;
  currency: string;
  checkout: { country: string | null; deliveryMethod: string | null; promoCode: string | null };
  totals: Record<string, number> | null;
  promoError: { reason: string; message: string } | null;
};
interface Body {
  data: Bag | null;
  error?: { status: number; name: string; message: string; details: Record<string, unknown> };
}

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/ecommerce/carts${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

/** Express delivery to Germany as the shop API lists it. */
async function expressToGermany(): Promise<{ id: string; price: number }> {
  const methods = (await (await app.request("/ecommerce/delivery-methods?country=DE")).json()) as {
    data: { id: string; price: number }[];
  };
  return methods.data.find((m) => m.id === "eu-express")!;
}

async function newCart(): Promise<string> {
  const created = await call("POST", "");
  return created.body.data!.id;
}

describe("/ecommerce/carts", () => {
  test("create, add, change, remove: the bag is priced by the server and never cached", async () => {
    const created = await call("POST", "");
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(created.body.data).toMatchObject({ lines: [], subtotal: 0, itemCount: 0, currency: "GBP" });
    const id = created.body.data!.id;

    // A price in the body is not a field the API reads: the catalogue's price is used.
    const added = await call("POST", `/${id}/lines`, { data: { variantId: variant.id, quantity: 2, price: 1 } });
    expect(added.status).toBe(201);
    expect(added.body.data?.lines[0]).toMatchObject({ variantId: variant.id, quantity: 2, unitPrice: variant.price });
    expect(added.body.data?.subtotal).toBe(2 * variant.price);
    const lineId = added.body.data!.lines[0]!.id;

    const read = await call("GET", `/${id}`);
    expect(read.body.data?.lines).toHaveLength(1);

    const changed = await call("PATCH", `/${id}/lines/${lineId}`, { quantity: 1, variantId: secondVariant });
    expect(changed.status).toBe(200);
    expect(changed.body.data?.lines[0]).toMatchObject({ id: lineId, variantId: secondVariant, quantity: 1 });

    const removed = await call("DELETE", `/${id}/lines/${lineId}`);
    expect(removed.body.data?.lines).toEqual([]);
  });

  test("with a country and a delivery method chosen, the bag answers its totals, priced by the shop", async () => {
    const id = await newCart();
    await call("POST", `/${id}/lines`, { variantId: secondVariant, quantity: 1 });
    const before = await call("GET", `/${id}`);
    expect(before.body.data).toMatchObject({ checkout: { country: null, deliveryMethod: null, promoCode: null }, totals: null });

    const chosen = await call("PATCH", `/${id}`, { country: "de", deliveryMethod: "eu-express" });
    expect(chosen.status).toBe(200);
    const bag = chosen.body.data!;
    expect(bag.checkout).toEqual({ country: "DE", deliveryMethod: "eu-express", promoCode: null });
    const express = await expressToGermany();
    const total = bag.subtotal + express.price;
    // German VAT (19 %) included in the total.
    expect(bag.totals).toEqual({
      subtotal: bag.subtotal,
      discount: 0,
      delivery: express.price,
      tax: Math.round((total * 1900) / 11900),
      vatRate: 19,
      total,
    });
    expect((await call("GET", `/${id}`)).body.data).toMatchObject({ totals: bag.totals });

    // Each refusal is the one placing the order would give.
    expect((await call("PATCH", `/${id}`, { country: "AQ", deliveryMethod: "eu-express" })).body.error).toMatchObject({
      status: 400,
      details: { param: "country" },
    });
    expect((await call("PATCH", `/${id}`, { country: "DE", deliveryMethod: "home-standard" })).body.error).toMatchObject({
      status: 400,
      details: { param: "deliveryMethod" },
    });
    expect(
      (await call("PATCH", `/${id}`, { country: "DE", deliveryMethod: "eu-express", promoCode: "NOSUCHCODE" })).body.error,
    ).toMatchObject({ status: 400, details: { param: "promoCode", reason: "unknown" } });
    expect((await call("PATCH", `/${id}`, { country: "Germany" })).status).toBe(400);
    // The refused choices changed nothing.
    expect((await call("GET", `/${id}`)).body.data).toMatchObject({ checkout: bag.checkout, totals: bag.totals });
  });

  test("a promo code kept with the bag takes its discount off the totals", async () => {
    await database.db.insert(promoCodes).values({ code: "CARTS10", kind: "percent", value: 1000 });
    const id = await newCart();
    await call("POST", `/${id}/lines`, { variantId: secondVariant, quantity: 2 });
    const chosen = await call("PATCH", `/${id}`, { country: "DE", deliveryMethod: "eu-express", promoCode: " carts10 " });
    expect(chosen.status).toBe(200);
    const bag = chosen.body.data!;
    expect(bag.checkout).toEqual({ country: "DE", deliveryMethod: "eu-express", promoCode: "CARTS10" });
    const express = await expressToGermany();
    const discount = Math.round(bag.subtotal / 10);
    const total = bag.subtotal - discount + express.price;
    expect(bag.totals).toEqual({
      subtotal: bag.subtotal,
      discount,
      delivery: express.price,
      tax: Math.round((total * 1900) / 11900),
      vatRate: 19,
      total,
    });
    expect(bag.promoError).toBeNull();
    expect((await call("GET", `/${id}`)).body.data).toMatchObject({ totals: bag.totals, promoError: null });
  });

  test("a kept promo code that has since expired takes nothing off, and the bag says why", async () => {
    await database.db
      .insert(promoCodes)
      .values({ code: "SOONGONE", kind: "percent", value: 1000, endsAt: new Date(Date.now() + 3_600_000) });
    const id = await newCart();
    const lineId = (await call("POST", `/${id}/lines`, { variantId: secondVariant, quantity: 1 })).body.data!.lines[0]!.id;
    const chosen = await call("PATCH", `/${id}`, { country: "DE", deliveryMethod: "eu-express", promoCode: "SOONGONE" });
    expect(chosen.body.data?.totals?.discount).toBeGreaterThan(0);

    await database.db
      .update(promoCodes)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(promoCodes.code, "SOONGONE"));
    const expired = { reason: "expired", message: "This promo code has expired." };
    const read = (await call("GET", `/${id}`)).body.data!;
    // The code stays chosen (the client sees what it sent) but takes nothing off.
    expect(read.checkout.promoCode).toBe("SOONGONE");
    expect(read.totals).toMatchObject({ discount: 0, total: read.subtotal + (await expressToGermany()).price });
    expect(read.promoError).toEqual(expired);
    // Every answer of the bag says so, a change of its lines too.
    const changed = await call("PATCH", `/${id}/lines/${lineId}`, { quantity: 2 });
    expect(changed.body.data).toMatchObject({ totals: { discount: 0 }, promoError: expired });
    // Choosing it again is refused, as placing the order would be.
    const again = await call("PATCH", `/${id}`, { country: "DE", deliveryMethod: "eu-express", promoCode: "SOONGONE" });
    expect(again.body.error).toMatchObject({ status: 400, details: { param: "promoCode", reason: "expired" } });
  });

  test("more than the stock is a 409 that says how many are left", async () => {
    const id = await newCart();
    const refused = await call("POST", `/${id}/lines`, { variantId: variant.id, quantity: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      data: null,
      error: { status: 409, name: "NotEnoughStockError", details: { param: "quantity", available: 3, inBag: 0 } },
    });
    expect(refused.body.error?.message).toBe("Sorry, only 3 left in stock.");
  });

  test(`a bag that holds ${MAX_BAG_LINES} different options answers a new one with a 409`, async () => {
    const options = await stockedOptions(database.db, MAX_BAG_LINES + 1);
    const id = await newCart();
    for (const variantId of options.slice(0, MAX_BAG_LINES)) {
      expect((await call("POST", `/${id}/lines`, { variantId, quantity: 1 })).status).toBe(201);
    }
    const refused = await call("POST", `/${id}/lines`, { variantId: options[MAX_BAG_LINES], quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ status: 409, name: "BagFullError", details: { param: "variantId" } });
    expect(refused.body.error?.message).toContain(`at most ${MAX_BAG_LINES} different items`);
    expect((await call("GET", `/${id}`)).body.data?.lines).toHaveLength(MAX_BAG_LINES);
  });

  test("too many new bags from one address is a 429 with Retry-After; another address still gets one", async () => {
    const limiter = newBagsLimit(1);
    const limited = shopApp(
      { ...shop, services: { ...shop.services, cart: createCarts({ newBags: limiter }) } },
      { trustProxy: 1 },
    );
    let ip = "203.0.113.9";
    limited.route("/carts", cartsApi());
    limited.onError((error, c) => toErrorResponse(c, error));
    const post = () => limited.request("/carts", { method: "POST", headers: { "x-forwarded-for": ip } });
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as Body).error).toMatchObject({ status: 429, name: "RateLimitError" });
    ip = "198.51.100.4";
    expect((await post()).status).toBe(201);
  });

  test("bad input is a 400 naming the field", async () => {
    const id = await newCart();
    const cases: [unknown, string][] = [
      [{ variantId: "x" }, "variantId"],
      [{ variantId: variant.id, quantity: 0 }, "quantity"],
      [{ variantId: variant.id, quantity: [1] }, "quantity"],
      [{}, "variantId"],
      ["not json", "body"],
      [[1, 2], "body"],
    ];
    for (const [body, param] of cases) {
      const answer = await call("POST", `/${id}/lines`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ name: "ValidationError", details: { param } });
    }
    const line = (await call("POST", `/${id}/lines`, { variantId: variant.id })).body.data!.lines[0]!.id;
    const nothing = await call("PATCH", `/${id}/lines/${line}`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error?.details).toEqual({
      param: "quantity",
      errors: [{ path: ["quantity"], message: "Give a quantity or an option to change.", name: "ValidationError" }],
    });
  });

  test("unknown bags, lines and options are 404s; wrong methods 405", async () => {
    const id = await newCart();
    expect((await call("GET", `/${"B".repeat(32)}`)).status).toBe(404);
    expect((await call("GET", "/short")).status).toBe(404);
    expect((await call("POST", `/${"B".repeat(32)}/lines`, { variantId: variant.id })).status).toBe(404);
    const unknownVariant = await call("POST", `/${id}/lines`, { variantId: 99_999_999 });
    expect(unknownVariant.status).toBe(404);
    expect(unknownVariant.body.error?.details).toEqual({ param: "variantId" });
    expect((await call("DELETE", `/${id}/lines/123456`)).status).toBe(404);
    const wrong = await call("PUT", `/${id}`);
    expect(wrong.status).toBe(405);
  });

  test("one bag's id cannot reach another bag's lines", async () => {
    const mine = await newCart();
    const theirs = await newCart();
    const theirLine = (await call("POST", `/${theirs}/lines`, { variantId: secondVariant })).body.data!.lines[0]!.id;
    expect((await call("DELETE", `/${mine}/lines/${theirLine}`)).status).toBe(404);
    expect((await call("GET", `/${theirs}`)).body.data?.lines).toHaveLength(1);
  });
});
