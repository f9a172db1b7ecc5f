import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, products, variants } from "../../db/schema/index.ts";
import type { ProductCard } from "../../modules/catalog/index.ts";
import { MAX_SEARCH_LENGTH } from "../../modules/catalog/search.ts";
import type { ListingFacets } from "../../modules/catalog/listing/types.ts";
import { createServices } from "../../services.ts";
import { ecommerceApi } from "./ecommerce.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";

/* GET /ecommerce/products?q=...: the shop API's search (the listing's parameters plus q). */

let database: Database;
let app: Hono<ShopEnv>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [gloves, apparel] = await db
    .insert(categories)
    .values([
      { slug: "gloves", name: "Gloves", position: 0 },
      { slug: "apparel", name: "Apparel", position: 1 },
    ])
    .returning();
  const [aegis, northwall] = await db
    .insert(brands)
    .values([
      { slug: "aegis", name: "Aegis" },
      { slug: "northwall", name: "Northwall" },
    ])
    .returning();
  const rows = await db
    .insert(products)
    .values([
      // Featured first, so that relevance visibly differs from the featured order.
      {
        slug: "rain-jacket",
        name: "Rain Jacket",
        brandId: northwall!.id,
        categoryId: apparel!.id,
        description: "Keeps a keeper warm when it is wet.",
        featuredRank: 1,
      },
      {
        slug: "storm-glove",
        name: "Storm Glove",
        brandId: aegis!.id,
        categoryId: gloves!.id,
        attributes: { grip: "Wet" },
        featuredRank: 2,
      },
      {
        slug: "wet-weather-glove",
        name: "Wet Weather Glove",
        brandId: northwall!.id,
        categoryId: gloves!.id,
        description: "For rainy days.",
      },
      { slug: "plain-shorts", name: "Plain Shorts", brandId: aegis!.id, categoryId: apparel!.id, description: "Shorts." },
    ])
    .returning();
  await db.insert(variants).values(
    rows.map((row, i) => ({
      productId: row.id,
      sku: `SKU-${row.id}`,
      size: "M",
      colour: "Black",
      colourHex: "#000",
      stock: 2,
      price: [3000, 9000, 6000, 2000][i]!,
    })),
  );
  app = shopApp({ services: createServices(database, testServicesConfig()), database });
  app.route("/ecommerce", ecommerceApi());
});

afterAll(() => database?.close());

interface Body {
  data: ProductCard[];
  meta: { pagination: { total: number }; facets: ListingFacets };
  error: { status: number; name: string; message: string; details: { param?: string } };
}

async function get(query: string) {
  const response = await app.request(`/ecommerce/products?${query}`);
  return { status: response.status, body: (await response.json()) as Body };
}

const names = (body: Body) => body.data.map((card) => card.name);

describe("GET /ecommerce/products?q=", () => {
  test("lists what the search finds, best match first, with facets over the results", async () => {
    const { status, body } = await get("q=wet");
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Wet Weather Glove", "Storm Glove", "Rain Jacket"]);
    expect(body.meta.pagination.total).toBe(3);
    expect(body.meta.facets.brands.map((b) => [b.value, b.count])).toEqual([
      ["aegis", 1],
      ["northwall", 2],
    ]);
    expect(body.meta.facets.price).toEqual({ min: 3000, max: 9000 });
  });

  test("sorts, filters and scopes apply to the results", async () => {
    expect(names((await get("q=wet&sort=price-asc")).body)).toEqual(["Rain Jacket", "Wet Weather Glove", "Storm Glove"]);
    expect(names((await get("q=wet&sort=featured")).body)).toEqual(["Rain Jacket", "Storm Glove", "Wet Weather Glove"]);
    expect(names((await get("q=wet&brand=aegis&brand=northwall&price_max=70")).body)).toEqual([
      "Wet Weather Glove",
      "Rain Jacket",
    ]);
    expect(names((await get("q=wet&category=gloves")).body)).toEqual(["Wet Weather Glove", "Storm Glove"]);
    expect(names((await get("q=aegis+glo")).body)).toEqual(["Storm Glove"]);
  });

  test("an empty q is no search; a q without words finds nothing", async () => {
    expect((await get("q=")).body.meta.pagination.total).toBe(4);
    expect((await get("q=%22%26%7C!")).body.data).toEqual([]);
  });

  test.each([
    [`q=${"x".repeat(MAX_SEARCH_LENGTH + 1)}`, "q", "q is too long"],
    ["q=wet&q=glove", "q", "q may be given once"],
    ["q=wet&sort=best", "sort", "sort must be one of relevance,"],
  ])("%s is a 400 naming %s", async (query, param, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, name: "ValidationError", details: { param } });
    expect(body.error.message.startsWith(message)).toBe(true);
  });
});
