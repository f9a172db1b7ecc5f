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
import { customInformationSeeds } from "../../db/seed/custom-information-data.ts";
import type { InformationBlock } from "../../modules/catalog/index.ts";
import { noFilters } from "../../modules/catalog/listing/index.ts";
import { createServices, type Services } from "../../services.ts";
import { ecommerceApi } from "./ecommerce.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";

let database: Database;
let services: Services;
let app: Hono<ShopEnv>;
let mediaDir: string;
let glove: { id: number; slug: string };
let shirt: { id: number; slug: string };
let hidden: { id: number; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = mkdtempSync(join(tmpdir(), "shop-info-api-"));
  await seedDemoShop(database.db, { products: 60, mediaDir });
  services = createServices(database, testServicesConfig());
  const listed = async (category: string) =>
    (await services.catalog.listing.list({ scope: { category }, filters: noFilters(), sort: "featured", page: 1, pageSize: 2 }))
      .products;
  const gloves = await listed("gloves");
  [glove, hidden] = [gloves[0]!, gloves[1]!];
  shirt = (await listed("apparel"))[0]!;
  await database.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));
  // As server/app.ts mounts it: before a catch-all that renders pages.
  app = shopApp({ services, database });
  app.route("/ecommerce", ecommerceApi());
  app.all("*", (c) => c.html("<p>page</p>"));
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

interface Body<Data> {
  data: Data;
  meta: { total: number };
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

async function json<Data = InformationBlock[]>(path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  return { response, body: (await response.json()) as Body<Data> };
}

const titles = (blocks: InformationBlock[]) => blocks.map((b) => b.title);
const seededTitles = (category: string | null) =>
  customInformationSeeds.filter((s) => s.category === category).map((s) => s.title);

describe("GET /ecommerce/custom-information", () => {
  test("answers every published block in the owner's order, cacheable for a minute", async () => {
    const { response, body } = await json("/ecommerce/custom-information");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(titles(body.data)).toEqual(customInformationSeeds.map((s) => s.title));
    expect(body.meta).toEqual({ total: customInformationSeeds.length });
    const delivery = body.data.find((b) => b.kind === "delivery")!;
    expect(delivery.appliesTo).toEqual({ scope: "all" });
    expect(delivery.paragraphs).toEqual(delivery.body.split("\n\n"));
  });

  test("a product, by slug or id, gets the blocks its page shows", async () => {
    const bySlug = await json(`/ecommerce/custom-information?product=${glove.slug}`);
    expect(bySlug.response.status).toBe(200);
    expect(titles(bySlug.body.data)).toEqual([...seededTitles("gloves"), ...seededTitles(null)]);
    const byId = await json(`/ecommerce/custom-information?product=${glove.id}`);
    expect(byId.body).toEqual(bySlug.body);
    const product = (await services.catalog.productDetail(glove.slug))!;
    expect(bySlug.body.data).toEqual(await services.catalog.customInformation.informationFor(product));

    const shirts = await json(`/ecommerce/custom-information?product=${shirt.slug}`);
    expect(titles(shirts.body.data)).toEqual([...seededTitles("apparel"), ...seededTitles(null)]);
  });

  test("a category gets the blocks given to it; kind narrows any query", async () => {
    const gloves = await json("/ecommerce/custom-information?category=gloves");
    expect(titles(gloves.body.data)).toEqual(seededTitles("gloves"));
    const care = await json("/ecommerce/custom-information?category=gloves&kind=care");
    expect(titles(care.body.data)).toEqual(["Caring for latex"]);
    const guides = await json(`/ecommerce/custom-information?kind=size-guide&product=${shirt.slug}`);
    expect(titles(guides.body.data)).toEqual(["Apparel size guide"]);
    // A parameter left blank, as a form sends it, is no filter.
    const blank = await json("/ecommerce/custom-information?category=&kind=");
    expect(blank.body.data).toHaveLength(customInformationSeeds.length);
  });

  test("an unknown or hidden product and an unknown category are 404, naming the parameter", async () => {
    for (const [query, param, value] of [
      ["product=no-such-product", "product", "no-such-product"],
      [`product=${hidden.slug}`, "product", hidden.slug],
      [`product=${hidden.id}`, "product", String(hidden.id)],
      ["category=no-such-category", "category", "no-such-category"],
    ]) {
      const { response, body } = await json(`/ecommerce/custom-information?${query}`);
      expect(response.status, query).toBe(404);
      expect(response.headers.get("cache-control"), query).toBe("no-store");
      expect(body, query).toEqual({
        data: null,
        error: { status: 404, name: "NotFoundError", message: `Unknown ${param}: ${value}`, details: { param, value } },
      });
    }
  });

  test("unknown parameters, repeated ones and bad values are 400, naming the parameter", async () => {
    for (const [query, param] of [
      ["colour=red", "colour"],
      ["product=Bad%20Slug", "product"],
      ["product=a&product=b", "product"],
      ["category=Gloves!", "category"],
      [`category=${"a".repeat(101)}`, "category"],
      ["kind=size_guide", "kind"],
    ] as const) {
      const { response, body } = await json(`/ecommerce/custom-information?${query}`);
      expect(response.status, query).toBe(400);
      expect(body.data, query).toBeNull();
      expect(body.error.name, query).toBe("ValidationError");
      expect(body.error.details, query).toEqual({ param });
      expect(body.error.message.startsWith(param), query).toBe(true);
    }
  });

  test("other methods are 405 with Allow", async () => {
    const { response, body } = await json("/ecommerce/custom-information", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(body.error.name).toBe("MethodNotAllowedError");
  });
});

describe("GET /ecommerce/custom-information/{id}", () => {
  test("answers one block, and 404 for ids that name none", async () => {
    const all = (await json("/ecommerce/custom-information")).body.data;
    const { response, body } = await json<InformationBlock>(`/ecommerce/custom-information/${all[1]!.id}`);
    expect(response.status).toBe(200);
    expect(body.data).toEqual(all[1]);
    for (const id of ["999999", "abc", "99999999999999999999"]) {
      const missing = await json(`/ecommerce/custom-information/${id}`);
      expect(missing.response.status, id).toBe(404);
      expect(missing.body.error.name, id).toBe("NotFoundError");
    }
    expect((await json(`/ecommerce/custom-information/${all[0]!.id}`, { method: "DELETE" })).response.status).toBe(405);
  });
});
