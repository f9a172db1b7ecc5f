import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { seedDemoShop } from "../../db/seed/index.ts";
import { parseListingParams } from "../../modules/catalog/listing/params.ts";
import type { BrandDetails, CategoryNode, ProductCard } from "../../modules/catalog/index.ts";
import type { ListingFacets, ListingScope } from "../../modules/catalog/listing/types.ts";
import type { ProductDetail } from "../../modules/catalog/product-detail.ts";
import { createServices, type Services } from "../../services.ts";
import { ecommerceApi } from "./ecommerce.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";

let database: Database;
let services: Services;
let app: Hono<ShopEnv>;
let mediaDir: string;
let hidden: { slug: string; id: number };
let membersOnly: { slug: string; id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = mkdtempSync(join(tmpdir(), "shop-api-"));
  await seedDemoShop(database.db, { products: 60, mediaDir });
  // Make sure the shop has an unpublished and a members-only product, whatever the seed planned.
  const picked = await database.db.select({ id: products.id, slug: products.slug }).from(products).orderBy(products.id).limit(2);
  [hidden, membersOnly] = [picked[0]!, picked[1]!];
  await database.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));
  await database.db.update(products).set({ membersOnly: true }).where(eq(products.id, membersOnly.id));
  services = createServices(database, testServicesConfig());
  // As server/app.ts mounts it: before a catch-all that renders pages.
  app = shopApp({ services, database });
  app.route("/ecommerce", ecommerceApi());
  app.all("*", (c) => c.html("<p>page</p>"));
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => app.request(path, init);

interface ApiBody<Data> {
  data: Data;
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number }; facets: ListingFacets };
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

async function json<Data = unknown>(path: string, init?: RequestInit) {
  const response = await get(path, init);
  return { response, body: (await response.json()) as ApiBody<Data> };
}

/** What the listing module gives for the same query: the pages' parameters plus a scope. */
async function fromListing(query: string, scope: ListingScope, pageSize = 24) {
  const { filters, sort, page } = parseListingParams(new URLSearchParams(query), "strict");
  return services.catalog.listing.list({ scope, filters, sort, page, pageSize });
}

describe("GET /ecommerce/products", () => {
  test("answers the listing's cards, pagination and facets, cacheable for a minute", async () => {
    const { response, body } = await json("/ecommerce/products");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    // A member's products differ (early access, ADR 41): a shared cache keeps one answer per login.
    expect(response.headers.get("vary")).toContain("Authorization, Cookie");
    const expected = await fromListing("", {});
    expect(body.data).toEqual(JSON.parse(JSON.stringify(expected.products)));
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 24, pageCount: expected.pageCount, total: expected.total });
    expect(body.meta.facets).toEqual(JSON.parse(JSON.stringify(expected.facets)));
    expect(body.meta.facets.sizes.length).toBeGreaterThan(0);
    expect(body.meta.facets.price).toEqual({ min: expect.any(Number), max: expect.any(Number) });
    // The hidden products never appear.
    const ids = (await json<ProductCard[]>("/ecommerce/products?page_size=100")).body.data.map((card) => card.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(membersOnly.id);
  });

  test("filters, sort, scope and pagination give the same products as the listing module", async () => {
    const [category] = await services.catalog.categories();
    const sub = category!.subCategories[0]!;
    const all = await fromListing("", { category: category!.slug }, 100);
    const size = all.facets.sizes[0]!.value;
    const [brandA, brandB] = all.facets.brands.map((b) => b.value);
    const cases: [string, string, ListingScope, number][] = [
      [`category=${category!.slug}&sort=price-asc&page=2&page_size=3`, "sort=price-asc&page=2", { category: category!.slug }, 3],
      [
        `category=${category!.slug}&size=${encodeURIComponent(size)}&in_stock=1`,
        `size=${encodeURIComponent(size)}&in_stock=1`,
        { category: category!.slug },
        24,
      ],
      [
        `category=${category!.slug}&brand=${brandA}&brand=${brandB}&sort=name`,
        `brand=${brandA}&brand=${brandB}&sort=name`,
        { category: category!.slug },
        24,
      ],
      [
        `category=${category!.slug}&sub=${sub.slug}&price_min=10&price_max=200`,
        "price_min=10&price_max=200",
        { category: category!.slug, sub: sub.slug },
        24,
      ],
      [`brand=${brandA}&sort=newest&page_size=5`, "sort=newest", { brand: brandA }, 5],
      [`sale=1&page_size=100`, "", { saleOnly: true }, 100],
    ];
    for (const [query, listingQuery, scope, pageSize] of cases) {
      const { response, body } = await json<ProductCard[]>(`/ecommerce/products?${query}`);
      expect(response.status, query).toBe(200);
      const expected = await fromListing(listingQuery, scope, pageSize);
      expect(
        body.data.map((card) => card.id),
        query,
      ).toEqual(expected.products.map((card) => card.id));
      expect(body.meta.pagination, query).toEqual({
        page: expected.page,
        pageSize,
        pageCount: expected.pageCount,
        total: expected.total,
      });
    }
    // Several pages of a listing together hold each of its products once.
    const pages = await Promise.all(
      [1, 2, 3].map((page) => json<ProductCard[]>(`/ecommerce/products?page_size=25&page=${page}`)),
    );
    const ids = pages.flatMap(({ body }) => body.data.map((card) => card.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0]!.body.meta.pagination.total);
  });

  test("a value it cannot understand is a 400 naming the parameter, never a crash", async () => {
    const cases: [string, string][] = [
      ["sort=cheapest", "sort"],
      ["price_min=-5", "price_min"],
      ["price_min=abc", "price_min"],
      ["price_max=99999999999999999999", "price_max"],
      ["price_min=50&price_max=10", "price_max"],
      ["page=0", "page"],
      ["page=-1", "page"],
      ["page=1e3", "page"],
      ["page=99999999999999999999999", "page"],
      ["page_size=1000", "page_size"],
      ["page_size=0", "page_size"],
      ["page_size=ten", "page_size"],
      ["sub=match", "sub"],
      ["attr.=Negative", "attr."],
      ["in_stock=yes", "in_stock"],
      ["sale=2", "sale"],
      ["category=Not%20A%20Slug", "category"],
      ["brand=BAD!", "brand"],
      ["page[]=x", "page[]"],
      ["page=1&page=2", "page"],
      ["colour=" + "x".repeat(500), "colour"],
    ];
    for (const [query, param] of cases) {
      const { response, body } = await json(`/ecommerce/products?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("cache-control"), query).toBe("no-store");
      expect(body, query).toEqual({
        data: null,
        error: {
          status: 400,
          name: "ValidationError",
          message: expect.stringContaining(param),
          details: expect.objectContaining({ param }),
        },
      });
    }
  });

  test("an unknown category, sub-category or brand is a 404", async () => {
    const [category] = await services.catalog.categories();
    for (const [query, param] of [
      ["category=no-such-category", "category"],
      [`category=${category!.slug}&sub=no-such-sub`, "sub"],
      ["brand=no-such-brand", "brand"],
    ]) {
      const { response, body } = await json(`/ecommerce/products?${query}`);
      expect(response.status, query).toBe(404);
      expect(body.error, query).toMatchObject({ status: 404, name: "NotFoundError", details: { param } });
    }
  });
});

describe("GET /ecommerce/products/{slug or id}", () => {
  test("by slug and by id give the same product", async () => {
    const card = (await json<ProductCard[]>("/ecommerce/products?page_size=1")).body.data[0]!;
    const bySlug = await json<ProductDetail>(`/ecommerce/products/${card.slug}`);
    const byId = await json<ProductDetail>(`/ecommerce/products/${card.id}`);
    expect(bySlug.response.status).toBe(200);
    expect(bySlug.response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(bySlug.response.headers.get("vary")).toContain("Authorization, Cookie");
    expect(byId.body).toEqual(bySlug.body);
    expect(bySlug.body.data).toMatchObject({ id: card.id, slug: card.slug, brand: { slug: card.brand.slug } });
    expect(bySlug.body.data.variants.length).toBeGreaterThan(0);
    expect(bySlug.body.data.priceRange.min).toBe(card.price);
    expect(bySlug.body.data).toEqual(await services.catalog.productDetail(card.slug).then((d) => JSON.parse(JSON.stringify(d))));
  });

  test("unknown, unpublished and members-only products are 404", async () => {
    const keys = [
      "no-such-product",
      hidden.slug,
      String(hidden.id),
      membersOnly.slug,
      String(membersOnly.id),
      "0",
      "99999999999999999999",
      "Bad%20Key",
    ];
    for (const key of keys) {
      const { response, body } = await json(`/ecommerce/products/${key}`);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("cache-control"), key).toBe("no-store");
      expect(body, key).toEqual({
        data: null,
        error: { status: 404, name: "NotFoundError", message: "Product not found", details: {} },
      });
    }
  });
});

test("GET /ecommerce/categories answers the tree", async () => {
  const { response, body } = await json<CategoryNode[]>("/ecommerce/categories");
  expect(response.status).toBe(200);
  expect(body.data.length).toBeGreaterThan(0);
  for (const category of body.data) {
    expect(category).toEqual({
      slug: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      subCategories: expect.any(Array),
    });
    for (const sub of category.subCategories) expect(Object.keys(sub).sort()).toEqual(["description", "name", "slug"]);
  }
});

test("GET /ecommerce/brands answers brands with story and logo", async () => {
  const { response, body } = await json<BrandDetails[]>("/ecommerce/brands");
  expect(response.status).toBe(200);
  expect(body.data.length).toBeGreaterThan(0);
  for (const brand of body.data) {
    expect(brand).toEqual({
      slug: expect.any(String),
      name: expect.any(String),
      story: expect.any(String),
      logoPath: expect.any(String),
    });
  }
  const brandSlugs = await services.catalog.brands().then((list) => list.map((b) => b.slug));
  expect(body.data.map((b) => b.slug)).toEqual(brandSlugs);
});

test("an unknown path under /ecommerce is a 404 in the API's shape, not the page", async () => {
  for (const path of ["/ecommerce", "/ecommerce/", "/ecommerce/nope", "/ecommerce/products/a/b", "/ecommerce/orders/KS-1/nope"]) {
    const { response, body } = await json(path);
    expect(response.status, path).toBe(404);
    expect(response.headers.get("content-type"), path).toContain("application/json");
    expect(body, path).toEqual({ data: null, error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} } });
  }
  // Outside /ecommerce, the pages answer.
  expect(await (await get("/ecommerce-not")).text()).toBe("<p>page</p>");
});

test("a method the path does not take is a 405", async () => {
  for (const [method, path] of [
    ["POST", "/ecommerce/products"],
    ["DELETE", "/ecommerce/products/1"],
    ["PUT", "/ecommerce/categories"],
    ["PATCH", "/ecommerce/brands"],
  ]) {
    const { response, body } = await json(path!, { method });
    expect(response.status, `${method} ${path}`).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(body.error).toMatchObject({ status: 405, name: "MethodNotAllowedError" });
  }
  const head = await get("/ecommerce/brands", { method: "HEAD" });
  expect(head.status).toBe(200);
});
