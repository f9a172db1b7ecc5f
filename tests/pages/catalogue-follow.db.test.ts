import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../support/seeded-shop.ts";
import { createApp } from "../../server/app.ts";
import type { PageContext } from "../../server/context.ts";
import { brands, categories, products, slugRedirects, variants } from "../../server/db/schema/index.ts";
import { parseEnv } from "../../server/env.ts";
import { pageContextKey } from "../../server/http/page-context.ts";
import { createRateLimitStore } from "../../server/modules/rate-limit/index.ts";
import { deserialize } from "~/lib/serialized";
import { loader as listingLoader } from "~/routes/shop/listing";
import { loader as productLoader } from "~/routes/shop/product";

/*
 * Issue 25, ADR 64: what the back office changes shows on the shop at once, through the page
 * cache: a guest's product page and listing, kept by the page cache a moment before, show a new
 * price on the next request after the commit. And old addresses answer 301 to the new one with
 * the query string. The whole Hono app runs, page cache on; its pages are the shop's own loaders,
 * their data written out as the page (rendering the components adds nothing to what is tested).
 */

const PUBLIC_URL = "http://shop.test";
let shop: Awaited<ReturnType<typeof seededShop>>;
let app: ReturnType<typeof createApp>["app"];
let dataDir: string;
/** How many pages the loaders answered (page cache misses). */
let rendered = 0;

/** The shop's product and listing loaders behind their addresses (app/routes.ts), answering their data as the page. */
async function renderPage(request: Request, page: PageContext): Promise<Response> {
  rendered++;
  const context = new RouterContextProvider(new Map([[pageContextKey, { ...page, routeHandles: () => undefined }]]));
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  try {
    let data: unknown;
    if (segments[0] === "shop" && segments.length === 3) {
      const params = { category: segments[1]!, product: segments[2]! };
      data = await productLoader({ request, params, context } as never);
    } else if (segments[0] === "shop" && segments.length === 2) {
      data = await listingLoader({ request, params: { category: segments[1]! }, context } as never);
    } else {
      return new Response("no such page in this test", { status: 404 });
    }
    return new Response(JSON.stringify(data), { headers: { "content-type": "text/html; charset=utf-8" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // data(null, { status }) from a loader.
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

beforeAll(async () => {
  shop = await seededShop(24);
  dataDir = mkdtempSync(join(tmpdir(), "shop-follow-"));
  const env = parseEnv({ NODE_ENV: "test", PUBLIC_URL, DATA_DIR: dataDir, LOG_LEVEL: "silent", PAGE_CACHE_MS: "60000" });
  ({ app } = createApp({
    env,
    database: shop.database,
    services: shop.services,
    rateLimits: createRateLimitStore({}),
    logger: { info: () => {}, error: () => {} },
    renderPage,
  }));
});

afterAll(async () => {
  await shop?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string) => app.request(`${PUBLIC_URL}${path}`);

async function listedPrice(path: string, productId: number) {
  const response = await get(path);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { result: string };
  const result = deserialize(page.result as never) as { products: { id: number; price: number }[] };
  return { cache: response.headers.get("x-page-cache"), price: result.products.find((p) => p.id === productId)?.price };
}

async function productPrices(path: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { product: string };
  const product = deserialize(page.product as never) as { variants: { price: number }[] };
  return { cache: response.headers.get("x-page-cache"), prices: product.variants.map((v) => v.price) };
}

test("a price changed by another process shows at once on the product page and the listing, though both were just cached", async () => {
  const [category] = await shop.database.db
    .select({ slug: categories.slug })
    .from(categories)
    .where(sql`parent_id is null`)
    .limit(1);
  const listingPath = `/shop/${category!.slug}`;
  const first = (await (await get(listingPath)).json()) as { result: string };
  const card = (deserialize(first.result as never) as { products: { id: number; slug: string; price: number }[] }).products[0]!;
  const productPath = `/shop/${category!.slug}/${card.slug}`;

  // Both pages are in the page cache: the second request is a hit.
  await productPrices(productPath);
  expect((await productPrices(productPath)).cache).toBe("hit");
  expect((await listedPrice(listingPath, card.id)).cache).toBe("hit");

  // Another process (the back office, an import, SQL by hand) commits new prices.
  const raised = card.price + 1234;
  await shop.database.db.execute(sql`update variants set price = price + 1234 where product_id = ${card.id}`);
  // With PGlite the database is this process's alone, so the writer is in it and says so, as the
  // back office's use cases do; with PostgreSQL the catalogue's revision alone tells (ADR 64).
  if (shop.database.kind === "pglite") shop.services.catalog.invalidate();

  const product = await productPrices(productPath);
  expect(product.cache).toBe("miss");
  expect(Math.min(...product.prices)).toBe(raised);
  const listed = await listedPrice(listingPath, card.id);
  expect(listed.cache).toBe("miss");
  expect(listed.price).toBe(raised);
  // And the fresh pages are kept again.
  expect((await productPrices(productPath)).cache).toBe("hit");
});

test("a page cache hit costs no rendering while nothing changed", async () => {
  const [category] = await shop.database.db
    .select({ slug: categories.slug })
    .from(categories)
    .where(sql`parent_id is null`)
    .limit(1);
  await get(`/shop/${category!.slug}?sort=name`);
  const before = rendered;
  const again = await get(`/shop/${category!.slug}?sort=name`);
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect(rendered).toBe(before);
});

test("old addresses of a product, a category, a sub-category and a brand answer 301 to the new one, query string kept", async () => {
  const { db } = shop.database;
  const [product] = await db
    .select({ id: products.id, slug: products.slug, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.published, true))
    .limit(1);
  const [category] = await db
    .select()
    .from(categories)
    .where(sql`parent_id is null`)
    .limit(1);
  const [sub] = await db.select().from(categories).where(eq(categories.parentId, category!.id)).limit(1);
  const [brand] = await db.select().from(brands).limit(1);
  await db.insert(slugRedirects).values([
    { kind: "product", fromPath: `/shop/${product!.categorySlug}/old-${product!.slug}`, targetId: product!.id },
    { kind: "category", fromPath: "/shop/old-category", targetId: category!.id },
    { kind: "category", fromPath: `/shop/${category!.slug}/sub/old-sub`, targetId: sub!.id },
    { kind: "brand", fromPath: "/brands/old-brand", targetId: brand!.id },
  ]);

  const moved = await get(`/shop/${product!.categorySlug}/old-${product!.slug}?variant=3`);
  expect(moved.status).toBe(301);
  expect(moved.headers.get("location")).toBe(`/shop/${product!.categorySlug}/${product!.slug}?variant=3`);
  // An old link that named another category (the product moved since) finds it by its old slug too.
  const elsewhere = await get(`/shop/some-other-category/old-${product!.slug}`);
  expect(elsewhere.status).toBe(301);
  expect(elsewhere.headers.get("location")).toBe(`/shop/${product!.categorySlug}/${product!.slug}`);

  const listing = await get("/shop/old-category?sort=name");
  expect(listing.status).toBe(301);
  expect(listing.headers.get("location")).toBe(`/shop/${category!.slug}?sort=name`);

  // The catalogue's own lookup, for what this test's pages do not serve.
  const { catalog } = shop.services;
  expect(await catalog.movedTo(["category", "brand"], "/shop/old-category/sale")).toBe(`/shop/${category!.slug}/sale`);
  expect(await catalog.movedTo(["category", "brand"], `/shop/${category!.slug}/sub/old-sub`)).toBe(
    `/shop/${category!.slug}/sub/${sub!.slug}`,
  );
  expect(await catalog.movedTo(["category", "brand"], "/brands/old-brand")).toBe(`/brands/${brand!.slug}`);
  expect(await catalog.movedTo(["category", "brand"], `/shop/${category!.slug}/brand/old-brand`)).toBe(
    `/shop/${category!.slug}/brand/${brand!.slug}`,
  );
  // A product's address is looked up whole; a kind not asked for is no answer.
  expect(await catalog.movedTo(["product"], `/shop/${product!.categorySlug}/old-${product!.slug}/x`)).toBeNull();
  expect(await catalog.movedTo(["product"], "/brands/old-brand")).toBeNull();

  // An address nobody had is still not found.
  expect((await get("/shop/never-was?sort=name")).status).toBe(404);
  expect((await get(`/shop/${product!.categorySlug}/never-was`)).status).toBe(404);
});

test("a product whose options are all archived has no page; its old page is not served from the cache", async () => {
  const { db } = shop.database;
  const [row] = await db
    .select({ id: products.id, slug: products.slug, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.published, true))
    .offset(3)
    .limit(1);
  const path = `/shop/${row!.categorySlug}/${row!.slug}`;
  await get(path);
  expect((await get(path)).headers.get("x-page-cache")).toBe("hit");
  await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.productId, row!.id));
  shop.services.catalog.invalidate();
  expect((await get(path)).status).toBe(404);
});
