import { and, asc, eq, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { editorPlaces, productAudit } from "../../../tests/support/product-editor-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { newPerson } from "../../../tests/support/sign-ups.ts";
import { proveSecondFactor } from "../../../tests/support/staff-sessions.ts";
import type { ShopEnv } from "../../context.ts";
import { brands, orderLines, products, slugRedirects, users, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { collectionsApi } from "./collections.ts";
import { contentAuthApi } from "./content-auth.ts";
import { gtinCheckDigit } from "../../modules/product-editor/gtin.ts";
import { ecommerceApi } from "./ecommerce.ts";

/*
 * Products written through the content API (issue 25 §6, ADR 73), as a Strapi 5 client writes
 * them: staff create, change and archive a product through the product editor's use cases, with
 * its version, audit entries and the shop showing each change at once.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let places: Awaited<ReturnType<typeof editorPlaces>>;
let brandDocument: string;
const tokens: Record<"customer" | "staff" | "unverified" | "clerk", string> = {} as never;

interface Answer {
  data: { [key: string]: unknown; variants: Record<string, unknown>[]; version: string };
  error: { status: number; name: string; message: string; details: Record<string, unknown> & { errors?: unknown[] } };
}

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer };
}

/** A signed-up account with `role` (and `scope` given alone), its token. */
async function account(role: string, scope: string[] = []) {
  const answer = await call("POST", "/api/auth/local/register", { body: newPerson() });
  const body = answer.body as unknown as { jwt: string; user: { id: number } };
  await shop.database.db.update(users).set({ role, scope }).where(eq(users.id, body.user.id));
  return body.jwt;
}

beforeAll(async () => {
  shop = await seededShop(20);
  app = shopApp(shop);
  app.route("/api", contentAuthApi());
  app.route("/api", collectionsApi());
  app.route("/ecommerce", ecommerceApi());
  places = await editorPlaces(shop.database.db);
  [{ documentId: brandDocument }] = (await shop.database.db
    .select({ documentId: brands.documentId })
    .from(brands)
    .where(eq(brands.id, places.brandId))) as [{ documentId: string }];
  tokens.customer = await account("customer");
  tokens.staff = await account("staff");
  await proveSecondFactor(shop.services, shop.database.db, tokens.staff);
  // A back-office account that has not given its second factor in this session.
  tokens.unverified = await account("staff");
  // An account given the staff scope alone (npm run scope -- grant): no back office, no second factor.
  tokens.clerk = await account("customer", ["staff"]);
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

let made = 0;
/** An EAN-13 of the product made `n`-th: a barcode names one item, so each product has its own. */
function barcodeOf(n: number): string {
  const body = `4006381${String(n).padStart(5, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}
/** A new product's data: two options (sizes 8 and 9 in black), one priced in cents, one as a decimal text. */
function newProduct(extra: Record<string, unknown> = {}) {
  made += 1;
  const sku = `API-${made}`;
  return {
    name: `Api Water Bottle ${made}`,
    description: "Holds **a litre**.",
    brand: brandDocument,
    category: places.category.id,
    variants: [
      { size: "8", colour: "Black", colourHex: "#111111", sku: `${sku}-8`, price: 4000 },
      { size: "9", colour: "Black", colourHex: "#111111", sku: `${sku}-9`, price: "42.50", barcode: barcodeOf(made) },
    ],
    ...extra,
  };
}

async function created(token = tokens.staff, extra: Record<string, unknown> = {}, query = "") {
  const answer = await call("POST", `/api/products${query}`, { token, body: { data: newProduct(extra) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

const shopPrice = async (slug: string) => (await shop.services.catalog.productDetail(slug))?.variants.map((v) => v.price);

describe("staff write products through the product editor", () => {
  test("POST makes the product with its options; it is on the shop at once, audited with who made it", async () => {
    const product = await created();
    expect(product).toMatchObject({
      documentId: expect.stringMatching(/^[a-z0-9]{24}$/),
      name: `Api Water Bottle ${made}`,
      slug: `api-water-bottle-${made}`,
      price: 4000,
      publishAt: null,
      archivedAt: null,
      version: expect.stringMatching(/^\d+$/),
      publishedAt: expect.any(String),
    });
    expect(product.variants.map((v) => [v.size, v.price, v.barcode])).toEqual([
      ["8", 4000, null],
      ["9", 4250, barcodeOf(made)],
    ]);
    expect(await shopPrice(product.slug as string)).toEqual([4000, 4250]);
    expect((await call("GET", `/ecommerce/products/${product.slug as string}`)).status).toBe(200);
    expect((await call("GET", `/api/products/${product.documentId as string}`)).body.data).toMatchObject({ price: 4000 });
    const audit = await productAudit(shop.database.db, product.id as number);
    expect(audit.map((entry) => entry.action)).toEqual(["product.created"]);
    expect(audit[0]!.actor).toContain("@");
  });

  test("PUT with the version read merges the fields sent; the shop shows the new price; a stale version is 409", async () => {
    const product = await created();
    const [first] = product.variants as [{ id: number; sku: string }];
    const path = `/api/products/${product.documentId as string}`;
    const changed = await call("PUT", path, {
      token: tokens.staff,
      body: { data: { version: product.version, slug: `renamed-bottle-${made}`, variants: [{ id: first.id, price: "35.50" }] } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ name: product.name, slug: `renamed-bottle-${made}`, price: 3550 });
    expect(changed.body.data.version).not.toBe(product.version);
    expect(await shopPrice(`renamed-bottle-${made}`)).toEqual([3550, 4250]);
    const listed = await call("GET", `/ecommerce/products?q=${encodeURIComponent(product.name as string)}`);
    expect((listed.body.data as unknown as { slug: string }[]).map((p) => p.slug)).toContain(`renamed-bottle-${made}`);
    // The old address answers 301 to the new one, as after an edit in the back office.
    const [redirect] = await shop.database.db
      .select({ targetId: slugRedirects.targetId })
      .from(slugRedirects)
      .where(eq(slugRedirects.fromPath, `/shop/${places.category.slug}/${product.slug as string}`));
    expect(redirect?.targetId).toBe(product.id);
    const audit = await productAudit(shop.database.db, product.id as number);
    expect(audit.at(-1)!.action).toBe("product.updated");
    expect(Object.keys(audit.at(-1)!.changes as object)).toEqual(expect.arrayContaining(["slug", `option ${first.sku} price`]));

    // The version read before that change: refused, and nothing changes.
    const stale = await call("PUT", path, { token: tokens.staff, body: { data: { version: product.version, name: "Lost" } } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      data: null,
      error: { status: 409, name: "StaleVersionError", details: { param: "version", changedAt: expect.any(String) } },
    });
    const missing = await call("PUT", path, { token: tokens.staff, body: { data: { name: "Lost" } } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.param).toBe("data.version");
    expect((await call("GET", path)).body.data).toMatchObject({ name: product.name, version: changed.body.data.version });
  });

  test("publishAt to come schedules the product: off the shop and the public list until then, its moment kept by a PUT", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const product = await created(tokens.staff, { publishAt: at.toISOString() });
    expect(product).toMatchObject({ publishAt: at.toISOString(), publishedAt: at.toISOString() });
    const path = `/api/products/${product.documentId as string}`;
    expect((await call("GET", path)).status).toBe(404);
    expect(await shop.services.catalog.productDetail(product.slug as string)).toBeNull();
    expect((await call("GET", `/ecommerce/products/${product.slug as string}`)).status).toBe(404);
    const renamed = await call("PUT", path, {
      token: tokens.staff,
      body: { data: { version: product.version, name: "Later Bottle" } },
    });
    expect(renamed.body.data).toMatchObject({ name: "Later Bottle", publishAt: at.toISOString() });
    // Its writers read it with ?status=draft; so does a draft kept with ?status=draft.
    expect((await call("GET", `${path}?status=draft`, { token: tokens.staff })).status).toBe(200);
    const draft = await created(tokens.staff, {}, "?status=draft");
    expect(draft).toMatchObject({ publishedAt: null });
    expect(await shop.services.catalog.productDetail(draft.slug as string)).toBeNull();
  });

  test("DELETE archives, with the version: off the shop, its row, options and orders' lines kept", async () => {
    // One of the demo shop's options (the tests' own products came later, some not on sale).
    const [{ id: variantId }] = (await shop.database.db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.published, true), isNull(products.publishAt), eq(products.membersOnly, false)))
      .orderBy(asc(variants.id))
      .limit(1)) as [{ id: number }];
    await shop.database.db.update(variants).set({ stock: 10 }).where(eq(variants.id, variantId));
    const scope = systemScope(shop.database.db, { ip: "198.51.100.73" });
    const order = await guestOrder(shop.services, scope, variantId, 1, {
      email: "archive-buyer@example.com",
      paymentMethod: "bank-transfer",
    });
    const [option] = await shop.database.db.select().from(variants).where(eq(variants.id, variantId));
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, option!.productId));
    const path = `/api/products/${row!.documentId}`;
    const { version } = (await call("GET", path)).body.data;

    const unnamed = await call("DELETE", path, { token: tokens.staff });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toMatchObject({ name: "ValidationError", details: { param: "version" } });
    expect((await call("DELETE", `${path}?version=1`, { token: tokens.staff })).status).toBe(409);
    const archived = await call("DELETE", `${path}?version=${version}`, { token: tokens.staff });
    expect(archived.status).toBe(204);
    expect(archived.body).toBeNull();

    expect((await call("GET", path)).status).toBe(404);
    expect(await shop.services.catalog.productDetail(row!.slug)).toBeNull();
    const kept = (await call("GET", `${path}?status=draft`, { token: tokens.staff })).body.data;
    expect(kept).toMatchObject({ archivedAt: expect.any(String), publishedAt: null });
    expect(await shop.database.db.select().from(variants).where(eq(variants.id, variantId))).toHaveLength(1);
    const lines = await shop.database.db
      .select({ name: orderLines.productName, sku: orderLines.sku })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.variantId, variantId)));
    expect(lines).toEqual([{ name: row!.name, sku: option!.sku }]);
    expect((await productAudit(shop.database.db, row!.id)).at(-1)!.action).toBe("product.archived");
    // Back on the shop only once restored as a draft (in the back office): a PUT cannot publish it.
    const republish = await call("PUT", path, { token: tokens.staff, body: { data: { version: kept.version } } });
    expect(republish.status).toBe(400);
    expect(republish.body.error.details.param).toBe("status");
  });
});

describe("who may write, and bad input", () => {
  test("guests 401, customers 403, a back-office account without its second factor 403; an account with the scope alone may", async () => {
    const count = async () => (await shop.database.db.select({ id: products.id }).from(products)).length;
    const before = await count();
    const attempt = (token?: string) => call("POST", "/api/products", { token, body: { data: newProduct() } });
    expect((await attempt()).body.error).toMatchObject({ status: 401, name: "UnauthorizedError" });
    expect((await attempt(tokens.customer)).body.error).toEqual({
      status: 403,
      name: "ForbiddenError",
      message: "Forbidden",
      details: {},
    });
    expect((await attempt(tokens.unverified)).body.error).toMatchObject({
      status: 403,
      message: "Sign in to the back office with your second factor first.",
    });
    // The catalogue's other staff collections ask the same (ADR 69's brands and categories).
    const brand = await call("POST", "/api/brands", { token: tokens.unverified, body: { data: { name: "Unverified Brand" } } });
    expect(brand.status).toBe(403);
    expect(await count()).toBe(before);
    const [existing] = await shop.database.db.select().from(products).limit(1);
    const { version } = (await call("GET", `/api/products/${existing!.documentId}?status=draft`, { token: tokens.staff })).body
      .data;
    for (const token of [undefined, tokens.customer, tokens.unverified]) {
      const put = await call("PUT", `/api/products/${existing!.documentId}`, { token, body: { data: { version, name: "No" } } });
      expect(put.status).toBe(token ? 403 : 401);
      expect((await call("DELETE", `/api/products/${existing!.documentId}?version=${version}`, { token })).status).toBe(
        token ? 403 : 401,
      );
    }
    const [unchanged] = await shop.database.db.select().from(products).where(eq(products.id, existing!.id));
    expect(unchanged).toMatchObject({ name: existing!.name, archivedAt: null });
    expect((await attempt(tokens.clerk)).status).toBe(201);
  });

  test("bad input is a 400 in Strapi's error shape naming the entry's field, and writes nothing", async () => {
    const count = async () => (await shop.database.db.select({ id: products.id }).from(products)).length;
    const before = await count();
    const post = (data: unknown) => call("POST", "/api/products", { token: tokens.staff, body: data });
    const refusal = async (data: unknown) => {
      const answer = await post(data);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.data).toBeNull();
      expect(answer.body.error).toMatchObject({ status: 400, name: "ValidationError", message: expect.any(String) });
      return answer.body.error;
    };
    expect((await refusal({ name: "x" })).message).toBe('Missing "data" payload in the request body');
    const untitled = await refusal({ data: newProduct({ name: "" }) });
    expect(untitled).toMatchObject({ message: "Give the product a title.", details: { param: "data.name" } });
    expect(untitled.details.errors).toEqual([
      { path: ["data", "name"], message: "Give the product a title.", name: "ValidationError" },
    ]);
    expect((await refusal({ data: newProduct({ brand: "nosuchbrand" }) })).details.param).toBe("data.brand");
    expect((await refusal({ data: newProduct({ category: places.subCategoryId }) })).details.param).toBe("data.category");
    const cents = newProduct();
    cents.variants[0]!.price = "12.345";
    expect((await refusal({ data: cents })).details.param).toBe("data.variants.0.price");
    const floating = newProduct();
    floating.variants[0]!.price = 12.5;
    expect((await refusal({ data: floating })).details.param).toBe("data.variants.0.price");
    const stocked = newProduct();
    Object.assign(stocked.variants[0]!, { stock: 5 });
    expect(await refusal({ data: stocked })).toMatchObject({
      message: "Invalid key stock",
      details: { param: "data.variants.0" },
    });
    const twice = newProduct();
    twice.variants[1]!.sku = twice.variants[0]!.sku;
    expect((await refusal({ data: twice })).details.param).toBe("data.variants.1.sku");
    const past = await refusal({ data: newProduct({ publishAt: "2001-01-01T00:00:00Z" }) });
    expect(past.details.param).toBe("data.publishAt");
    expect((await refusal({ data: { ...newProduct(), version: "1" } })).details.param).toBe("data.version");
    expect((await refusal({ data: { ...newProduct(), id: 4 } })).message).toBe("Invalid key id");
    expect(await count()).toBe(before);
  });
});
