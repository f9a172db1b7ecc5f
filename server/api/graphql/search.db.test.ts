import type { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { noFilters } from "../../modules/catalog/listing/params.ts";
import type { ListingRequest } from "../../modules/catalog/listing/types.ts";
import type { Services } from "../../services.ts";
import { graphqlApp, postGraphQL, seededShop } from "../../../tests/support/graphql-harness.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let services: Services;
let app: Hono<ShopEnv>;
/** A word that finds several products of the demo shop. */
let word: string;

beforeAll(async () => {
  shop = await seededShop();
  services = shop.services;
  app = graphqlApp({ services, database: shop.database });
  const [category] = await services.catalog.categories();
  word = category!.name.toLowerCase();
});

afterAll(async () => {
  await shop?.close();
});

const SEARCH = /* GraphQL */ `
  query Search($text: String!, $filters: ProductFilters, $sort: ProductSort, $page: Int, $pageSize: Int) {
    search(text: $text, filters: $filters, sort: $sort, page: $page, pageSize: $pageSize) {
      total
      page
      pageCount
      items {
        id
      }
      facets {
        brands {
          value
          count
        }
      }
    }
  }
`;

interface SearchPage {
  total: number;
  page: number;
  pageCount: number;
  items: { id: string }[];
  facets: { brands: { value: string; count: number }[] };
}

async function search(variables: Record<string, unknown>) {
  const { body } = await postGraphQL<{ search: SearchPage }>(app, { query: SEARCH, variables });
  expect(body.errors, JSON.stringify(variables)).toBeUndefined();
  return body.data!.search;
}

function request(overrides: Partial<ListingRequest>): ListingRequest {
  return { scope: {}, filters: noFilters(), sort: "relevance", page: 1, pageSize: 24, ...overrides };
}

describe("search", () => {
  test("finds what the catalogue's search finds, best first, with facets", async () => {
    const page = await search({ text: word });
    const expected = await services.catalog.listing.list(request({ query: word }));
    expect(expected.total).toBeGreaterThan(1);
    expect(page.items.map((card) => card.id)).toEqual(expected.products.map((card) => String(card.id)));
    expect(page.total).toBe(expected.total);
    expect(page.facets.brands).toEqual(expected.facets.brands.map(({ value, count }) => ({ value, count })));
  });

  test("with filters, another sort and pages, as a listing", async () => {
    const all = await services.catalog.listing.list(request({ query: word, pageSize: 100 }));
    const brand = all.facets.brands.find((option) => option.count > 0)!.value;
    const page = await search({ text: word, filters: { brands: [brand] }, sort: "PRICE_DESC", page: 1, pageSize: 2 });
    const expected = await services.catalog.listing.list(
      request({ query: word, filters: { ...noFilters(), brands: [brand] }, sort: "price-desc", pageSize: 2 }),
    );
    expect(page.items.map((card) => card.id)).toEqual(expected.products.map((card) => String(card.id)));
    expect(page).toMatchObject({ total: expected.total, pageCount: expected.pageCount });
  });

  test("products(query:) searches within a scope", async () => {
    const [category] = await services.catalog.categories();
    const { body } = await postGraphQL<{ products: { items: { id: string; categorySlug: string }[] } }>(app, {
      query:
        'query($q: String) { products(scope: { category: "' +
        category!.slug +
        '" }, query: $q, pageSize: 100) { items { id categorySlug } } }',
      variables: { q: word },
    });
    const expected = await services.catalog.listing.list(
      request({ scope: { category: category!.slug }, query: word, pageSize: 100 }),
    );
    expect(body.data!.products.items.map((card) => card.id)).toEqual(expected.products.map((card) => String(card.id)));
    expect(body.data!.products.items.every((card) => card.categorySlug === category!.slug)).toBe(true);
  });

  test("text longer than the shop reads is refused, naming the argument", async () => {
    const long = "glove ".repeat(20);
    const { body } = await postGraphQL(app, { query: SEARCH, variables: { text: long } });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: "text is too long (at most 100 characters)",
        extensions: { code: "BAD_USER_INPUT", argument: "text" },
      }),
    ]);
    const products = await postGraphQL(app, {
      query: "query($q: String) { products(query: $q) { total } }",
      variables: { q: long },
    });
    expect(products.body.errors![0]).toMatchObject({
      message: "query is too long (at most 100 characters)",
      extensions: { code: "BAD_USER_INPUT", argument: "query" },
    });
  });
});

describe("searchSuggestions", () => {
  const SUGGEST =
    "query Suggest($text: String!, $limit: Int) { searchSuggestions(text: $text, limit: $limit) { id name image { src(width: 96) } } }";

  test("the catalogue's suggestions for the words typed so far", async () => {
    const typed = word.slice(0, 3);
    const { body } = await postGraphQL<{ searchSuggestions: { id: string }[] }>(app, {
      query: SUGGEST,
      variables: { text: typed, limit: 4 },
    });
    const expected = await services.catalog.suggest(typed, 4);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data!.searchSuggestions.map((card) => card.id)).toEqual(expected.map((card) => String(card.id)));
  });

  test("blank text suggests nothing; a limit outside 1 to 20 is refused", async () => {
    const blank = await postGraphQL(app, { query: SUGGEST, variables: { text: "  " } });
    expect(blank.body).toEqual({ data: { searchSuggestions: [] } });
    for (const limit of [0, 21]) {
      const { body } = await postGraphQL(app, { query: SUGGEST, variables: { text: word, limit } });
      expect(body.errors, String(limit)).toEqual([
        expect.objectContaining({
          message: "limit must be a whole number from 1 to 20",
          extensions: { code: "BAD_USER_INPUT", argument: "limit" },
        }),
      ]);
    }
    const long = await postGraphQL(app, { query: SUGGEST, variables: { text: "x".repeat(101) } });
    expect(long.body.errors![0]!.extensions).toEqual({ code: "BAD_USER_INPUT", argument: "text" });
  });
});
