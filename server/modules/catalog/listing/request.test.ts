import { describe, expect, test } from "vitest";
import { MAX_SEARCH_LENGTH } from "../search-text.ts";
import {
  checkListingRequest,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  parseListingRequest,
  type ListingRequestInput,
} from "./request.ts";

/* The listing's one input schema (ADR 33): what GraphQL and the URL mapping both parse with. */

describe("a listing request", () => {
  test("defaults: the whole catalogue, featured, first page, the default page size", () => {
    expect(parseListingRequest({})).toEqual({
      scope: { saleOnly: false },
      query: undefined,
      filters: {
        priceMin: undefined,
        priceMax: undefined,
        sizes: [],
        colours: [],
        brands: [],
        subCategories: [],
        attributes: {},
        inStock: false,
      },
      sort: "featured",
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  test("a search is trimmed and sorts by relevance unless told otherwise; repeats in a filter count once", () => {
    const request = parseListingRequest({
      scope: { category: "gloves", sub: "match-gloves" },
      query: "  grip  ",
      filters: { sizes: ["8", "8", "9"], priceMin: 1000, priceMax: 5000, attributes: { cut: ["Negative"] }, inStock: true },
      page: 2,
      pageSize: MAX_PAGE_SIZE,
    });
    expect(request).toMatchObject({ query: "grip", sort: "relevance", page: 2, pageSize: MAX_PAGE_SIZE });
    expect(request.filters).toMatchObject({
      sizes: ["8", "9"],
      priceMin: 1000,
      priceMax: 5000,
      attributes: { cut: ["Negative"] },
    });
    expect(parseListingRequest({ query: "   " }).query).toBeUndefined();
  });

  test.each<[ListingRequestInput, string, string]>([
    [{ scope: { sub: "match" } }, "scope.sub", "needs scope.category"],
    [{ scope: { category: "Not A Slug" } }, "scope.category", "must be a slug such as match-gloves"],
    [{ filters: { priceMin: -1 } }, "filters.priceMin", "must be an amount in minor units from 0 to 999999999"],
    [{ filters: { priceMin: 500, priceMax: 100 } }, "filters.priceMax", "must not be below filters.priceMin"],
    [{ filters: { sizes: Array.from({ length: 51 }, (_, i) => `s${i}`) } }, "filters.sizes", "may be given at most 50 times"],
    [{ filters: { colours: ["x".repeat(101)] } }, "filters.colours", "is too long"],
    [{ filters: { brands: ["BAD!"] } }, "filters.brands", "must be a slug such as match-gloves"],
    [{ filters: { attributes: { "Bad Name": ["x"] } } }, "filters.attributes.Bad Name", "must be an attribute name such as cut"],
    [{ sort: "cheapest" as never }, "sort", "must be one of relevance, featured, newest, price-asc, price-desc, name"],
    [{ page: 0 }, "page", "must be a whole number from 1"],
    [{ pageSize: MAX_PAGE_SIZE + 1 }, "pageSize", `must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
    [{ query: "x".repeat(MAX_SEARCH_LENGTH + 1) }, "query", `is too long (at most ${MAX_SEARCH_LENGTH} characters)`],
  ])("%o is refused naming %s", (input, field, message) => {
    expect(() => parseListingRequest(input)).toThrow(expect.objectContaining({ code: "INVALID_INPUT", field, message }));
  });

  test("attribute names are checked before they become keys: __proto__ is a bad name, not a prototype", () => {
    const attributes = Object.create(null) as Record<string, string[]>;
    attributes.__proto__ = ["x"];
    const checked = checkListingRequest({ filters: { attributes } });
    expect(checked).toEqual({
      issues: [{ path: ["filters", "attributes", "__proto__"], rule: "must be an attribute name such as cut" }],
    });
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${i}`, ["x"]]));
    expect(checkListingRequest({ filters: { attributes: many } })).toEqual({
      issues: [{ path: ["filters", "attributes"], rule: "may name at most 20 attributes" }],
    });
  });
});
