import { describe, expect, test } from "vitest";
import { queryListing } from "./listing.ts";
import { compareSizes, sizeGroup } from "./size-order.ts";
import { request, testCatalogue } from "../../../../tests/support/listing-catalogue.ts";
import { type FacetOption, type ListingRequest, type ListingResult } from "./types.ts";

const index = testCatalogue();
const list = (req: ListingRequest) => queryListing(index, req);
const names = (result: ListingResult) => result.products.map((p) => p.name);
const counts = (options: FacetOption[]) => Object.fromEntries(options.map((o) => [o.value, o.count]));

describe("the index", () => {
  test("lists products with variants only, each with its card built once", () => {
    const all = list(request({}));
    expect(all.total).toBe(7);
    expect(names(all)).not.toContain("Husk");
    expect(list(request({})).products[0]).toBe(all.products[0]);
  });

  test("cards carry the lowest price and that variant's compare-at price", () => {
    const apex = list(request({}, {}, { sort: "name" })).products[0]!;
    expect(apex).toMatchObject({
      name: "Apex",
      categorySlug: "gloves",
      brand: { slug: "alpha", name: "Alpha" },
      price: 9000,
      compareAtPrice: 12000,
      inStock: true,
      colours: [
        { name: "Black", hex: "#000" },
        { name: "Red", hex: "#f00" },
      ],
      image: { path: "products/apex.webp", alt: "Apex", width: 800, height: 800 },
    });
    const gale = list(request({ brand: "zeta" }, {}, { sort: "newest" })).products[0]!;
    expect(gale).toMatchObject({ name: "Gale", price: 4500, compareAtPrice: 5000, inStock: false });
  });
});

describe("scope", () => {
  test("category, sub-category (within its category), brand and both", () => {
    expect(names(list(request({ category: "gloves" })))).toEqual(["Blaze", "Apex", "Comet", "Drift", "Echo"]);
    expect(names(list(request({ category: "gloves", sub: "match" })))).toEqual(["Blaze", "Apex"]);
    expect(names(list(request({ category: "apparel", sub: "match" })))).toEqual(["Fleet"]);
    expect(names(list(request({ brand: "zeta" })))).toEqual(["Blaze", "Gale", "Echo"]);
    expect(names(list(request({ category: "gloves", brand: "zeta" })))).toEqual(["Blaze", "Echo"]);
  });

  test("sale keeps products whose card is reduced", () => {
    expect(names(list(request({ saleOnly: true })))).toEqual(["Apex", "Gale", "Drift"]);
    expect(names(list(request({ category: "gloves", saleOnly: true })))).toEqual(["Apex", "Drift"]);
  });

  test.each([
    [{ category: "balls" }, "category", "balls"],
    [{ category: "gloves", sub: "jerseys" }, "sub", "jerseys"],
    [{ sub: "match" }, "sub", "match"],
    [{ brand: "nope" }, "brand", "nope"],
  ] as const)("unknown scope %o is UNKNOWN_SCOPE", (scope, field, slug) => {
    const error = (() => {
      try {
        list(request(scope));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ code: "UNKNOWN_SCOPE", details: { param: field, value: slug } });
  });
});

describe("filters", () => {
  const gloves = (filters: Parameters<typeof request>[1]) =>
    names(list(request({ category: "gloves" }, filters, { sort: "name" })));

  test("price bounds are inclusive and compare the lowest price", () => {
    expect(gloves({ priceMin: 2500, priceMax: 7000 })).toEqual(["Blaze", "Comet", "Drift"]);
    expect(gloves({ priceMin: 9001 })).toEqual([]);
    expect(gloves({ priceMax: 1500 })).toEqual(["Echo"]);
  });

  test("sizes, colours, brands, sub-categories and attribute values: any of the ticked values", () => {
    expect(gloves({ sizes: ["7", "10"] })).toEqual(["Blaze", "Drift"]);
    expect(gloves({ colours: ["White", "Black"] })).toEqual(["Apex", "Blaze", "Drift"]);
    expect(gloves({ brands: ["beta", "zeta"] })).toEqual(["Blaze", "Drift", "Echo"]);
    expect(gloves({ subCategories: ["training"] })).toEqual(["Comet", "Drift"]);
    expect(gloves({ attributes: { cut: ["Negative", "Flat"] } })).toEqual(["Apex", "Comet", "Drift"]);
  });

  test("in stock", () => {
    expect(gloves({ inStock: true })).toEqual(["Apex", "Comet", "Drift", "Echo"]);
  });

  test("groups combine with AND, attribute names too", () => {
    expect(gloves({ sizes: ["8"], brands: ["alpha"] })).toEqual(["Apex", "Comet"]);
    expect(gloves({ attributes: { cut: ["Negative"], grip: ["Dry"] } })).toEqual(["Comet"]);
    expect(gloves({ sizes: ["8", "9"], colours: ["Red"], inStock: true, priceMax: 5000 })).toEqual(["Comet"]);
  });

  test("a sub-category filter on a brand page matches that slug in any category", () => {
    expect(names(list(request({ brand: "alpha" }, { subCategories: ["match"] }, { sort: "name" })))).toEqual(["Apex", "Fleet"]);
  });

  test("values the catalogue does not have match nothing", () => {
    expect(gloves({ sizes: ["XL"] })).toEqual([]);
    expect(gloves({ attributes: { weight: ["Heavy"] } })).toEqual([]);
    expect(gloves({ attributes: { cut: [] } })).toHaveLength(5);
  });
});

describe("facets", () => {
  test("each group counts with every other group's filters but not its own", () => {
    const result = list(request({ category: "gloves" }, { sizes: ["8"], brands: ["alpha"] }));
    expect(result.total).toBe(2);
    // Sizes given brand alpha: 9 would give one more, 8 (ticked) two; 7, 10 and "One size" no
    // product of alpha has, so they are not offered (ADR 81), unlike other groups' empty options.
    expect(result.facets.sizes).toEqual([
      { value: "8", label: "8", count: 2, selected: true, group: "glove" },
      { value: "9", label: "9", count: 1, selected: false, group: "glove" },
    ]);
    // Brands given size 8: Beta's Drift comes in size 8, though no result is Beta's.
    expect(result.facets.brands).toEqual([
      { value: "alpha", label: "Alpha", count: 2, selected: true },
      { value: "beta", label: "Beta", count: 1, selected: false },
      { value: "zeta", label: "Zeta", count: 0, selected: false },
    ]);
    // Groups not filtered count the results.
    expect(counts(result.facets.colours)).toEqual({ Black: 1, Red: 2, White: 0 });
    expect(result.facets.colours.map((c) => c.hex)).toEqual(["#000", "#f00", "#fff"]);
    expect(result.facets.subCategories).toEqual([
      { value: "match", label: "Match gloves", count: 1, selected: false },
      { value: "training", label: "Training gloves", count: 1, selected: false },
    ]);
    expect(result.facets.inStock).toBe(2);
  });

  test("attribute groups count given the other attribute names", () => {
    const result = list(request({ category: "gloves" }, { attributes: { cut: ["Negative"], grip: ["Dry"] } }));
    expect(result.facets.attributes.map((a) => a.name)).toEqual(["cut", "grip"]);
    const [cut, grip] = result.facets.attributes;
    // Blaze (Roll Finger, Dry) fails only the cut; Drift (Flat, no grip) fails both and counts nowhere.
    expect(counts(cut!.options)).toEqual({ Flat: 0, Negative: 1, "Roll Finger": 1 });
    expect(cut!.options.filter((o) => o.selected).map((o) => o.value)).toEqual(["Negative"]);
    expect(counts(grip!.options)).toEqual({ Dry: 1, Wet: 1 });
  });

  test("in-stock count given the other filters, and the price range of the whole scope", () => {
    const result = list(request({ category: "gloves" }, { sizes: ["9"], priceMin: 8000 }));
    expect(result.facets.inStock).toBe(1);
    expect(result.facets.price).toEqual({ min: 1500, max: 9000 });
    expect(list(request({ category: "gloves" }, { sizes: ["9"] })).facets.inStock).toBe(1);
    expect(list(request({ category: "gloves" })).facets.inStock).toBe(4);
  });

  test("a product failing only the price counts in no option", () => {
    const result = list(request({ category: "gloves" }, { priceMax: 2000, sizes: ["8"] }));
    expect(result.total).toBe(0);
    // The ticked 8 stays, to be unticked; the others no product under the price bound has.
    expect(counts(result.facets.sizes)).toEqual({ "8": 0, "One size": 1 });
  });

  test("sub-categories only for a category without a sub; brands not on a brand page", () => {
    expect(list(request({ category: "gloves", sub: "match" })).facets.subCategories).toEqual([]);
    const brandPage = list(request({ brand: "zeta" }));
    expect(brandPage.facets.brands).toEqual([]);
    expect(brandPage.facets.subCategories).toEqual([]);
    expect(list(request({ category: "gloves", brand: "zeta" })).facets.brands).toEqual([]);
  });

  test("options come in natural order, from the scope only, and a ticked absent value stays tickable", () => {
    const all = list(request({}));
    expect(all.facets.sizes.map((o) => o.value)).toEqual(["7", "8", "9", "10", "S", "M", "L", "XL", "One size"]);
    expect(all.facets.colours.map((o) => o.value)).toEqual(["Black", "Green", "Red", "White"]);
    expect(all.facets.attributes.map((a) => a.name)).toEqual(["cut", "fit", "grip"]);
    const apparel = list(request({ category: "apparel" }, { sizes: ["8"] }));
    expect(apparel.total).toBe(0);
    expect(apparel.facets.sizes).toEqual([
      { value: "S", label: "S", count: 1, selected: false, group: "clothing" },
      { value: "M", label: "M", count: 2, selected: false, group: "clothing" },
      { value: "L", label: "L", count: 1, selected: false, group: "clothing" },
      { value: "XL", label: "XL", count: 1, selected: false, group: "clothing" },
      { value: "8", label: "8", count: 0, selected: true, group: "glove" },
    ]);
    expect(apparel.facets.attributes.map((a) => a.name)).toEqual(["fit"]);
  });

  test("an empty scope has no price range", () => {
    const result = list(request({ category: "apparel", sub: "match", saleOnly: true }));
    expect(result).toMatchObject({ total: 0, products: [], facets: { price: null, sizes: [] } });
  });
});

describe("sorting", () => {
  const sorted = (sort: ListingRequest["sort"]) => names(list(request({}, {}, { sort })));

  test("featured: by rank, then the newest", () => {
    expect(sorted("featured")).toEqual(["Blaze", "Apex", "Gale", "Fleet", "Comet", "Drift", "Echo"]);
  });

  test("newest, price both ways (ties by name) and name", () => {
    expect(sorted("newest")).toEqual(["Gale", "Fleet", "Comet", "Drift", "Echo", "Blaze", "Apex"]);
    expect(sorted("price-asc")).toEqual(["Echo", "Drift", "Comet", "Fleet", "Gale", "Blaze", "Apex"]);
    expect(sorted("price-desc")).toEqual(["Apex", "Blaze", "Fleet", "Gale", "Comet", "Drift", "Echo"]);
    expect(sorted("name")).toEqual(["Apex", "Blaze", "Comet", "Drift", "Echo", "Fleet", "Gale"]);
  });

  test("the scope's order follows the sort too", () => {
    expect(names(list(request({ category: "gloves" }, { sizes: ["8"] }, { sort: "price-asc" })))).toEqual([
      "Drift",
      "Comet",
      "Apex",
    ]);
  });
});

describe("pagination", () => {
  const page = (n: number, pageSize = 3) => list(request({}, {}, { sort: "name", page: n, pageSize }));

  test("pages of pageSize", () => {
    expect(page(2)).toMatchObject({ total: 7, page: 2, pageCount: 3 });
    expect(names(page(2))).toEqual(["Drift", "Echo", "Fleet"]);
  });

  test("a page past the end shows the last; below 1 shows the first", () => {
    expect(page(9)).toMatchObject({ page: 3, pageCount: 3 });
    expect(names(page(9))).toEqual(["Gale"]);
    expect(page(0).page).toBe(1);
    expect(page(-4).page).toBe(1);
  });

  test("no results is one empty page", () => {
    const result = list(request({ category: "gloves" }, { sizes: ["XL"] }, { page: 3 }));
    expect(result).toMatchObject({ total: 0, page: 1, pageCount: 1, products: [] });
  });
});

test("sizes fall in the list of their kind", () => {
  expect(["6", "11", "116", "164", "XS", "XXL", "EU 38", "One size", "Adjustable"].map(sizeGroup)).toEqual([
    "glove",
    "glove",
    "junior",
    "junior",
    "clothing",
    "clothing",
    "shoe",
    "one-size",
    "other",
  ]);
});

test("sizes sort naturally", () => {
  const sizes = ["One size", "XL", "10", "EU 40", "S", "9", "EU 38", "XXL", "M", "116", "XS", "L"];
  expect([...sizes].sort(compareSizes)).toEqual([
    "9",
    "10",
    "116",
    "XS",
    "S",
    "M",
    "L",
    "XL",
    "XXL",
    "EU 38",
    "EU 40",
    "One size",
  ]);
});
