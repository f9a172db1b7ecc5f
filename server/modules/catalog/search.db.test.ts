import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { brands, categories, products, variants } from "../../db/schema/index.ts";
import { createCatalog } from "./index.ts";
import { noFilters } from "./listing/params.ts";
import type { ListingRequest } from "./listing/types.ts";
import { searchProductIds } from "./search.ts";

let database: Database;
let catalog: ReturnType<typeof createCatalog>;
/** Product ids by name. */
const id: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  catalog = createCatalog(db);
  const [gloves, apparel] = await db
    .insert(categories)
    .values([
      { slug: "gloves", name: "Gloves", position: 0 },
      { slug: "apparel", name: "Apparel", position: 1 },
    ])
    .returning();
  const [match, jerseys, liners] = await db
    .insert(categories)
    .values([
      { slug: "match", name: "Match gloves", parentId: gloves!.id, position: 0 },
      { slug: "jerseys", name: "Jerseys", parentId: apparel!.id, position: 0 },
      { slug: "liners", name: "Glove liners", parentId: apparel!.id, position: 1 },
    ])
    .returning();
  const [aegis, northwall] = await db
    .insert(brands)
    .values([
      { slug: "aegis", name: "Aegis" },
      { slug: "northwall", name: "Northwall" },
    ])
    .returning();
  const glove = { categoryId: gloves!.id, subCategoryId: match!.id };
  const jersey = { categoryId: apparel!.id, subCategoryId: jerseys!.id };
  const rows = await db
    .insert(products)
    .values([
      {
        slug: "storm-grip-glove",
        name: "Storm Grip Glove",
        brandId: aegis!.id,
        ...glove,
        attributes: { grip: "Wet" },
        description: "A match glove for wet nights.",
      },
      {
        slug: "vapor-glove",
        name: "Vapor Glove",
        brandId: northwall!.id,
        ...glove,
        attributes: { grip: "Dry" },
        description: "Light and fast.",
      },
      {
        slug: "keeper-jersey",
        name: "Keeper Jersey",
        brandId: aegis!.id,
        ...jersey,
        description: "Pairs well with a grip glove from the same range.",
        featuredRank: 1,
      },
      {
        slug: "rain-jacket",
        name: "Rain Jacket",
        brandId: northwall!.id,
        ...jersey,
        description: "Keeps you dry when it is wet.",
      },
      {
        slug: "wet-weather-glove",
        name: "Wet Weather Glove",
        brandId: northwall!.id,
        categoryId: gloves!.id,
        description: "For rainy days.",
      },
      {
        slug: "thermal-liner-glove",
        name: "Thermal Liner Glove",
        brandId: northwall!.id,
        categoryId: apparel!.id,
        subCategoryId: liners!.id,
        description: "Light and warm.",
      },
      { slug: "grip-hidden-glove", name: "Grip Hidden Glove", brandId: aegis!.id, ...glove, published: false },
      { slug: "grip-members-glove", name: "Grip Members Glove", brandId: aegis!.id, ...glove, membersOnly: true },
      { slug: "grip-empty-glove", name: "Grip Empty Glove", brandId: aegis!.id, ...glove },
    ])
    .returning();
  for (const row of rows) id[row.name] = row.id;
  await db.insert(variants).values(
    rows
      .filter((row) => row.name !== "Grip Empty Glove")
      .map((row, i) => ({
        productId: row.id,
        sku: `SKU-${row.id}`,
        size: "M",
        colour: i % 2 === 0 ? "Black" : "Red",
        colourHex: i % 2 === 0 ? "#000" : "#f00",
        stock: 3,
        price: 1000 * (i + 1),
      })),
  );
});

afterAll(() => database?.close());

const found = (text: string) => searchProductIds(database.db, text);
const ids = (...names: string[]) => names.map((name) => id[name]);

describe("searchProductIds", () => {
  test("a product named for the words comes before one that only mentions them in its description", async () => {
    expect(await found("grip")).toEqual(ids("Storm Grip Glove", "Keeper Jersey"));
  });

  test("name first, then an attribute value, then the description", async () => {
    expect(await found("wet")).toEqual(ids("Wet Weather Glove", "Storm Grip Glove", "Rain Jacket"));
  });

  test("words may name the brand and the category: 'aegis gloves' finds Aegis's gloves first", async () => {
    // The jersey is Aegis's and mentions a glove; the Northwall gloves are not Aegis's.
    expect(await found("aegis gloves")).toEqual(ids("Storm Grip Glove", "Keeper Jersey"));
    expect(await found("northwall jerseys")).toEqual(ids("Rain Jacket"));
    expect(await found("jerseys")).toEqual(ids("Keeper Jersey", "Rain Jacket"));
  });

  test("the last word matches as a prefix, so results come while typing", async () => {
    expect(await found("stor")).toEqual(ids("Storm Grip Glove"));
    expect(await found("storm gr")).toEqual(ids("Storm Grip Glove"));
    expect(await found("aegis gl")).toEqual(ids("Storm Grip Glove", "Keeper Jersey"));
    const gl = await found("gl");
    expect(gl.slice(0, 3).sort()).toEqual(ids("Storm Grip Glove", "Vapor Glove", "Wet Weather Glove").sort());
    expect(gl.slice(3)).toEqual(ids("Thermal Liner Glove", "Keeper Jersey"));
  });

  test("a word that names what the product is (its category) counts more than one naming a sub-category elsewhere", async () => {
    // All four are named gloves; the liner is apparel, in the sub-category "Glove liners".
    const glove = await found("glove");
    expect(glove.indexOf(id["Thermal Liner Glove"]!)).toBe(3);
    expect(glove.at(-1)).toBe(id["Keeper Jersey"]);
  });

  test("words are stemmed, and stop words do not narrow the search", async () => {
    expect(await found("vapor gloves")).toEqual(ids("Vapor Glove"));
    expect(await found("the vapor")).toEqual(ids("Vapor Glove"));
    expect(await found("the")).toEqual([]);
  });

  test("unpublished, members-only and products without variants are never found", async () => {
    for (const text of ["hidden", "members", "empty", "grip glove"]) {
      const result = await found(text);
      expect(result).not.toContain(id["Grip Hidden Glove"]);
      expect(result).not.toContain(id["Grip Members Glove"]);
      expect(result).not.toContain(id["Grip Empty Glove"]);
    }
  });

  test("any text is safe: empty, very long, punctuation, quotes and query operators", async () => {
    const texts = [
      "",
      "   ",
      "'",
      '"grip',
      "grip' or 1=1 --",
      "&|!():*<->",
      "grip & | !wet",
      "a:*b",
      "\\",
      "%_",
      "\u0000grip",
      "🧤 grip",
      "ключ",
      "١٢٣ grip",
      "x".repeat(100_000),
      "grip ".repeat(5_000),
    ];
    for (const text of texts) await expect(found(text), text.slice(0, 20)).resolves.toBeInstanceOf(Array);
    expect(await found("\u0000grip")).toEqual(ids("Storm Grip Glove", "Keeper Jersey"));
    expect(await found('"grip')).toEqual(ids("Storm Grip Glove", "Keeper Jersey"));
  });
});

const search = (query: string, rest: Partial<ListingRequest> = {}): ListingRequest => ({
  scope: {},
  query,
  filters: noFilters(),
  sort: "relevance",
  page: 1,
  pageSize: 24,
  ...rest,
});

describe("the catalogue's search", () => {
  test("a listing with a query shows the results ranked, with facets counted over them", async () => {
    const result = await catalog.listing.list(search("wet"));
    expect(result.products.map((card) => card.name)).toEqual(["Wet Weather Glove", "Storm Grip Glove", "Rain Jacket"]);
    expect(result.total).toBe(3);
    expect(result.facets.brands.map((b) => [b.value, b.count])).toEqual([
      ["aegis", 1],
      ["northwall", 2],
    ]);
    const aegisOnly = await catalog.listing.list(search("wet", { filters: { ...noFilters(), brands: ["aegis"] } }));
    expect(aegisOnly.products.map((card) => card.name)).toEqual(["Storm Grip Glove"]);
    const byName = await catalog.listing.list(search("wet", { sort: "name" }));
    expect(byName.products.map((card) => card.name)).toEqual(["Rain Jacket", "Storm Grip Glove", "Wet Weather Glove"]);
  });

  test("a blank query is no search, and a query without words finds nothing", async () => {
    const all = await catalog.listing.list(search("  ", { sort: "featured" }));
    expect(all.total).toBe(6);
    expect((await catalog.listing.list(search("?!"))).total).toBe(0);
  });

  test("suggestions are the best matches' cards, at most `limit`", async () => {
    const [storm, ...rest] = await catalog.suggest("Stor", 5);
    expect(rest).toEqual([]);
    expect(storm).toMatchObject({
      id: id["Storm Grip Glove"],
      slug: "storm-grip-glove",
      name: "Storm Grip Glove",
      brand: { slug: "aegis", name: "Aegis" },
      categorySlug: "gloves",
      price: expect.any(Number),
    });
    expect((await catalog.suggest("wet", 2)).map((card) => card.name)).toEqual(["Wet Weather Glove", "Storm Grip Glove"]);
    expect(await catalog.suggest("", 5)).toEqual([]);
    expect(await catalog.suggest("wet", 0)).toEqual([]);
    expect(await catalog.suggest("wet", 1000)).toHaveLength(3);
  });
});
