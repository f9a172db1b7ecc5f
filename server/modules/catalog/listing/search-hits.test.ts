import { describe, expect, test } from "vitest";
import { queryListing } from "./listing.ts";
import { searchHits } from "./search-hits.ts";
import { request, testCatalogue } from "../../../../tests/support/listing-catalogue.ts";
import type { FacetOption, ListingRequest, ListingResult } from "./types.ts";

const index = testCatalogue();
const names = (result: ListingResult) => result.products.map((p) => p.name);
const counts = (options: FacetOption[]) => Object.fromEntries(options.map((o) => [o.value, o.count]));

// Product ids as a search ranks them: Drift (4), Apex (1), Fleet (6); Husk (8) has no variants
// and 99 does not exist, so the read model leaves them out.
const hits = searchHits(index, [4, 8, 1, 99, 6, 4]);
const search = (req: ListingRequest) => queryListing(index, { query: "x", ...req }, hits);

describe("a listing of search results", () => {
  test("lists the products found that the read model has, best first by default", () => {
    const result = search(request({}, {}, { sort: "relevance" }));
    expect(names(result)).toEqual(["Drift", "Apex", "Fleet"]);
    expect(result.total).toBe(3);
  });

  test("facets offer and count only what was found", () => {
    const { facets } = search(request({}, {}, { sort: "relevance" }));
    expect(counts(facets.brands)).toEqual({ alpha: 2, beta: 1 });
    expect(counts(facets.sizes)).toEqual({ "7": 1, "8": 2, "9": 1, S: 1, M: 1, XL: 1 });
    expect(facets.price).toEqual({ min: 2500, max: 9000 });
    expect(facets.inStock).toBe(3);
  });

  test("filters, other sorts and pages apply to the results", () => {
    const alpha = search(request({}, { brands: ["alpha"] }, { sort: "relevance" }));
    expect(names(alpha)).toEqual(["Apex", "Fleet"]);
    // The brand group still counts what its other options would give.
    expect(counts(alpha.facets.brands)).toEqual({ alpha: 2, beta: 1 });
    expect(names(search(request({}, {}, { sort: "price-asc" })))).toEqual(["Drift", "Fleet", "Apex"]);
    const second = search(request({}, {}, { sort: "relevance", page: 2, pageSize: 2 }));
    expect(names(second)).toEqual(["Fleet"]);
    expect(second.pageCount).toBe(2);
  });

  test("a scope narrows the results to its products", () => {
    expect(names(search(request({ category: "gloves" }, {}, { sort: "relevance" })))).toEqual(["Drift", "Apex"]);
    expect(names(search(request({ category: "gloves", sub: "match" }, {}, { sort: "relevance" })))).toEqual(["Apex"]);
  });

  test("a search that found nothing lists nothing and offers no options", () => {
    const result = queryListing(index, request({}, {}, { sort: "relevance" }), searchHits(index, [99]));
    expect(result.total).toBe(0);
    expect(result.facets.price).toBeNull();
    expect(result.facets.brands).toEqual([]);
  });

  test("without a search, relevance is the featured order", () => {
    const featured = queryListing(index, request({}, {}, { sort: "featured" }));
    expect(names(queryListing(index, request({}, {}, { sort: "relevance" })))).toEqual(names(featured));
  });
});
