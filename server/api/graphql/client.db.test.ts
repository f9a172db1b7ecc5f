import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { GraphQLClientError, graphqlRequest } from "../../../app/lib/graphql-client.ts";
import { LIMITS } from "./limits.ts";
import { graphqlApp, seededShop } from "../../../tests/support/graphql-harness.ts";

/*
 * The browser's GraphQL client (app/lib/graphql-client.ts) against the real endpoint over HTTP,
 * in production mode: the persisted-query exchange as it happens on the wire, data, and errors.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let server: Server;
let uri: string;

beforeAll(async () => {
  shop = await seededShop(30);
  const app = graphqlApp(shop, { mode: "production" });
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as Server)) as Server;
  });
  uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

/** The bodies the client posts, read from its fetch calls. */
function watchRequests() {
  const fetching = vi.spyOn(globalThis, "fetch");
  return {
    bodies: () => fetching.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>),
    statuses: async () => Promise.all(fetching.mock.results.map(async (result) => ((await result.value) as Response).status)),
    stop: () => fetching.mockRestore(),
  };
}

test("the hash first; on PersistedQueryNotFound the full query once; then the hash alone is enough", async () => {
  const query = "query ShopBrands { brands { slug name } }";
  const expected = { brands: (await shop.services.catalog.brandDetails()).map(({ slug, name }) => ({ slug, name })) };

  const first = watchRequests();
  await expect(graphqlRequest({ query, operationName: "ShopBrands", uri })).resolves.toEqual(expected);
  expect(first.bodies().map((body) => Object.keys(body).sort())).toEqual([
    ["extensions", "operationName"],
    ["extensions", "operationName", "query"],
  ]);
  expect(await first.statuses()).toEqual([404, 200]);
  first.stop();

  const second = watchRequests();
  await expect(graphqlRequest({ query, operationName: "ShopBrands", uri })).resolves.toEqual(expected);
  expect(second.bodies().map((body) => Object.keys(body).sort())).toEqual([["extensions", "operationName"]]);
  second.stop();
});

test("variables reach the listing: the same cards as the catalogue module", async () => {
  const [category] = await shop.services.catalog.categories();
  const data = await graphqlRequest<{ products: { total: number; items: { slug: string }[] } }, { category: string }>({
    query:
      "query Category($category: String) { products(scope: { category: $category }, pageSize: 5, sort: NAME) { total items { slug } } }",
    operationName: "Category",
    variables: { category: category!.slug },
    uri,
  });
  const expected = await shop.services.catalog.listing.list({
    scope: { category: category!.slug },
    filters: { sizes: [], colours: [], brands: [], subCategories: [], attributes: {}, inStock: false },
    sort: "name",
    page: 1,
    pageSize: 5,
  });
  expect(data.products.total).toBe(expected.total);
  expect(data.products.items.map((card) => card.slug)).toEqual(expected.products.map((card) => card.slug));
});

test("the server's GraphQL errors are logged and rejected with their code", async () => {
  const logged = vi.mocked(console.error).mockImplementation(() => {});
  const error = await graphqlRequest({
    query: "query Bad { products(pageSize: 500) { total } }",
    operationName: "Bad",
    uri,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GraphQLClientError);
  expect(error).toMatchObject({
    kind: "graphql",
    message: "pageSize must be a whole number from 1 to 100",
    graphQLErrors: [expect.objectContaining({ extensions: { code: "BAD_USER_INPUT", argument: "pageSize" } })],
  });
  expect(logged).toHaveBeenCalledTimes(1);
  expect(String(logged.mock.calls[0]![0])).toBe("[GraphQL error] Bad: pageSize must be a whole number from 1 to 100");
});

test("a refused request is a status error carrying the server's explanation", async () => {
  const query = `query Long { brands { slug } }${" ".repeat(LIMITS.queryLength)}`;
  const error = (await graphqlRequest({ query, operationName: "Long", uri }).catch((e: unknown) => e)) as GraphQLClientError;
  expect(error.message).toBe("Response not successful: Received status code 413");
  expect(error.graphQLErrors).toEqual([expect.objectContaining({ extensions: { code: "QUERY_TOO_LARGE" } })]);
});
