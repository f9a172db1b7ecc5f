import { createHash, randomUUID } from "node:crypto";
import type { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Services } from "../../services.ts";
import { createMemoryStore } from "../../modules/rate-limit/memory-store.ts";
import { rateLimit } from "../../modules/rate-limit/index.ts";
import { parse, type OperationDefinitionNode } from "graphql";
import { createSchema } from "graphql-yoga";
import { COST_BUDGET_PER_MINUTE, COST_BUDGET_RULE, COST_STEP, LIMITS, operationCost } from "./limits.ts";
import { checkoutTypeDefs } from "./checkout-type-defs.ts";
import { customerTypeDefs } from "./customer-type-defs.ts";
import { typeDefs } from "./type-defs.ts";
import { graphqlApp, postGraphQL, recordingLogger, seededShop } from "../../../tests/support/graphql-harness.ts";
import { createRedisAPQStore } from "./apq-redis-store.ts";

/*
 * The endpoint as HTTP: automatic persisted queries, the production limits, and clear
 * GraphQL-shaped answers to every malformed request.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let services: Services;
let app: Hono<ShopEnv>;

beforeAll(async () => {
  shop = await seededShop(30);
  services = shop.services;
  app = graphqlApp({ services, database: shop.database }, { mode: "production" });
});

afterAll(async () => {
  await shop?.close();
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });

describe("automatic persisted queries", () => {
  test("a hash alone is PersistedQueryNotFound until the query has been sent with it once", async () => {
    const query = "query Brands { brands { slug name } }";
    const expected = { data: { brands: (await services.catalog.brandDetails()).map(({ slug, name }) => ({ slug, name })) } };

    const unknown = await postGraphQL(app, { operationName: "Brands", extensions: persisted(query) });
    expect(unknown.response.status).toBe(404);
    expect(unknown.body).toEqual({
      errors: [{ message: "PersistedQueryNotFound", extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } }],
    });

    const full = await postGraphQL(app, { operationName: "Brands", query, extensions: persisted(query) });
    expect(full.response.status).toBe(200);
    expect(full.body).toEqual(expected);

    const again = await postGraphQL(app, { operationName: "Brands", extensions: persisted(query) });
    expect(again.response.status).toBe(200);
    expect(again.body).toEqual(expected);
  });

  // Only where Redis answers (.ci/run sets TEST_REDIS_URL then): two processes, one Redis.
  test.each(process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [])(
    "with Redis, a query registered on one process runs by its hash on another",
    async (url) => {
      const keyPrefix = `shop:apq:test:${randomUUID()}:`;
      const stores = [0, 1].map(() => createRedisAPQStore({ url, keyPrefix, ttlMs: 60_000, maxInMemory: 10 }));
      try {
        const [one, two] = stores.map((apqStore) =>
          graphqlApp({ services, database: shop.database }, { mode: "production", apqStore }),
        );
        const query = "query BrandNames { brands { name } }";
        const registered = await postGraphQL(one!, { operationName: "BrandNames", query, extensions: persisted(query) });
        expect(registered.response.status).toBe(200);
        const byHash = await postGraphQL(two!, { operationName: "BrandNames", extensions: persisted(query) });
        expect(byHash.response.status).toBe(200);
        expect(byHash.body).toEqual(registered.body);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    },
  );

  test("a query sent with another query's hash is refused and not stored", async () => {
    const query = "{ categories { slug } }";
    const wrong = { persistedQuery: { version: 1, sha256Hash: sha256("{ brands { slug } }") } };
    const { response, body } = await postGraphQL(app, { query, extensions: wrong });
    expect(response.status).toBe(400);
    expect(body).toEqual({ errors: [{ message: "PersistedQueryMismatch", extensions: { code: "PERSISTED_QUERY_MISMATCH" } }] });
    const lookup = await postGraphQL(app, { extensions: wrong });
    expect(lookup.body.errors![0]!.message).toBe("PersistedQueryNotFound");
  });

  test("the store is per endpoint: another server has not seen the query", async () => {
    const query = "query Categories { categories { slug } }";
    await postGraphQL(app, { query, extensions: persisted(query) });
    const other = graphqlApp({ services, database: shop.database }, { mode: "production" });
    const { body } = await postGraphQL(other, { extensions: persisted(query) });
    expect(body.errors![0]!.message).toBe("PersistedQueryNotFound");
  });
});

describe("requests that are not GraphQL over JSON POST", () => {
  test("other methods are 405 with Allow: POST, GraphQL-shaped; no GraphiQL in production", async () => {
    for (const [method, accept] of [
      ["GET", "text/html"],
      ["GET", "application/json"],
      ["PUT", "*/*"],
      ["DELETE", "*/*"],
      ["OPTIONS", "*/*"],
    ] as const) {
      const response = await app.request("/graphql?query=%7Bbrands%7Bslug%7D%7D", { method, headers: { accept } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toEqual({
        errors: [{ message: "Send GraphQL requests with POST.", extensions: { code: "METHOD_NOT_ALLOWED" } }],
      });
    }
  });

  test("bodies that are neither JSON nor multipart are 415 before anything runs (another site's form cannot post)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/graphql", ""]) {
      const response = await app.request("/graphql", {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: "query=%7Bbrands%7Bslug%7D%7D",
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: "Send GraphQL requests as JSON (content-type application/json), or uploads as multipart/form-data.",
            extensions: { code: "UNSUPPORTED_MEDIA_TYPE" },
          },
        ],
      });
    }
  });

  test("bad JSON, no query, a batch or a body of the wrong shape get clear errors", async () => {
    const cases: [string, number, string][] = [
      ["{not json", 400, "POST body sent invalid JSON."],
      ["", 400, "POST body sent invalid JSON."],
      ["{}", 200, "Must provide query string."],
      ['{"query": 42}', 400, 'Expected "query" param to be a string, but given number.'],
      ['{"query": "{ brands { slug } }", "variables": "x"}', 400, 'Expected "variables" param to be empty or an object'],
      ['{"query": "{ brands { slug } }", "price": 1}', 400, 'Unexpected parameter "price" in the request body.'],
      ["null", 400, "POST body is expected to be object but received null"],
      ['"{ brands { slug } }"', 400, "POST body is expected to be object but received string"],
      ['[{"query": "{ brands { slug } }"}, {"query": "{ categories { slug } }"}]', 400, "Batching is not supported."],
      ["[]", 400, "Batching is not supported."],
      ['{"query": "{ brands { slug }"}', 200, "Syntax Error"],
      ['{"query": "{ noSuchField }"}', 200, 'Cannot query field "noSuchField" on type "Query".'],
    ];
    for (const [body, status, message] of cases) {
      const { response, body: answer } = await postGraphQL(app, body);
      expect(response.status, body).toBe(status);
      expect(answer.data ?? null, body).toBeNull();
      expect(answer.errors?.[0]?.message, body).toContain(message);
    }
  });

  test("another site gets no CORS permission to read answers", async () => {
    const { response } = await postGraphQL(app, { query: "{ brands { slug } }" }, { origin: "https://elsewhere.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("limits", () => {
  const card =
    "id slug name brand { slug name } price { amount currency } compareAtPrice { amount } colours { name hex } image { path alt }";

  test("nesting deeper than the limit is refused", async () => {
    // The shop's schema nests 5 deep at most, so a deeper query also asks for fields that do not
    // exist; the depth limit is reported all the same (limits.test.ts tries it on a deeper schema).
    const deep = `{ products { facets { attributes { options { value { a { b { c { d } } } } } } } } }`;
    const { response, body } = await postGraphQL(app, { query: deep });
    expect(response.status).toBe(200);
    expect(body.errors).toContainEqual(
      expect.objectContaining({
        message: `The query is nested 9 levels deep; the limit is ${LIMITS.depth}.`,
        extensions: expect.objectContaining({ code: "MAX_DEPTH_EXCEEDED" }),
      }),
    );
  });

  test(`at most ${LIMITS.aliases} aliases`, async () => {
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `c${i}: categories { slug }`).join(" ")} }`;
    const within = await postGraphQL(app, { query: aliased(LIMITS.aliases) });
    expect(within.body.errors).toBeUndefined();
    expect(Object.keys(within.body.data!)).toHaveLength(LIMITS.aliases);

    const beyond = await postGraphQL(app, { query: aliased(LIMITS.aliases + 1) });
    expect(beyond.body).toEqual({
      errors: [
        expect.objectContaining({
          message: `The query has ${LIMITS.aliases + 1} aliases; the limit is ${LIMITS.aliases}.`,
          extensions: expect.objectContaining({ code: "MAX_ALIASES_EXCEEDED" }),
        }),
      ],
    });
  });

  test("cost: a full page of 100 cards with every facet passes, three of them do not", async () => {
    const full = `products(pageSize: 100) { total items { ${card} } facets {
      price { min { amount } max { amount } } sizes { value count } colours { value hex count } brands { value count }
      subCategories { value count } attributes { name options { value count } } inStock } }`;
    const one = await postGraphQL(app, { query: `{ ${full} }` });
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data).toHaveProperty("products.total");

    const three = await postGraphQL(app, { query: `{ a: ${full} b: ${full} c: ${full} }` });
    expect(three.body.data).toBeUndefined();
    expect(three.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^The query would cost about \d+; the limit is 10000\./),
        extensions: expect.objectContaining({ code: "MAX_COST_EXCEEDED", limit: LIMITS.cost }),
      }),
    ]);
  });

  test("cost counts page sizes given in variables", async () => {
    const query = `query Pages($size: Int) { a: products(pageSize: $size) { items { ${card} } } b: products(pageSize: $size) { items { ${card} } } }`;
    const small = await postGraphQL(app, { query, variables: { size: 10 } });
    expect(small.body.errors).toBeUndefined();
    const large = await postGraphQL(app, { query, variables: { size: 100 } });
    expect(large.body.errors?.[0]?.extensions?.code).toBe("MAX_COST_EXCEEDED");
  });

  test("query text longer than the limit is refused before it is parsed or stored", async () => {
    const long = `{ brands { slug } }${" ".repeat(LIMITS.queryLength)}`;
    const { response, body } = await postGraphQL(app, { query: long, extensions: persisted(long) });
    expect(response.status).toBe(413);
    expect(body).toEqual({
      errors: [
        {
          message: `The query is ${long.length} characters long; the limit is ${LIMITS.queryLength}.`,
          extensions: { code: "QUERY_TOO_LARGE" },
        },
      ],
    });
    const lookup = await postGraphQL(app, { extensions: persisted(long) });
    expect(lookup.body.errors![0]!.message).toBe("PersistedQueryNotFound");
  });

  test("a request body larger than the limit is refused", async () => {
    const padding = "x".repeat(LIMITS.bodyBytes);
    const { response, body } = await postGraphQL(app, { query: "{ brands { slug } }", variables: { padding } });
    expect(response.status).toBe(413);
    expect(body.errors![0]).toMatchObject({
      message: "Request body too large",
      extensions: { code: "REQUEST_ENTITY_TOO_LARGE" },
    });
  });
});

describe("each visitor's budget of cost per minute", () => {
  // A costly query the limits allow: every country with its provinces and a page of 98 cards of
  // eight fields. Its cost depends on the countries' data set, so the test reads it.
  const costly = `{
    countries { code name provinces { code name } }
    products(pageSize: 98) { items { id slug name categorySlug onSale inStock price { amount } } }
  }`;
  const cheap = "{ brands { slug } }";
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  test(`is ${COST_BUDGET_PER_MINUTE.toLocaleString("en")} units, each query rounded up to a step of 100: the last query within it passes, the next is 429 TOO_MANY_REQUESTS with Retry-After; other addresses go on`, async () => {
    const schema = createSchema({ typeDefs: [typeDefs, customerTypeDefs, checkoutTypeDefs] });
    const cost = operationCost(schema, parse(costly).definitions[0] as OperationDefinitionNode, {}, {});
    expect(cost).toBeGreaterThan(COST_STEP);
    expect(cost).toBeLessThanOrEqual(LIMITS.cost);
    expect(operationCost(schema, parse(cheap).definitions[0] as OperationDefinitionNode, {}, {})).toBeLessThan(COST_STEP);
    // The production rule, as server/app.ts builds it.
    const budget = rateLimit(createMemoryStore(), COST_BUDGET_RULE);
    const limited = graphqlApp({ services, database: shop.database }, { mode: "production", budget, trustProxy: 1 });
    const steps = Math.ceil(cost / COST_STEP);
    const costlyAllowed = Math.floor(COST_BUDGET_PER_MINUTE / COST_STEP / steps);
    for (let i = 1; i <= costlyAllowed; i++) {
      const { response, body } = await postGraphQL(limited, { query: costly }, from("203.0.113.80"));
      expect({ query: i, status: response.status, errors: body.errors }).toEqual({ query: i, status: 200, errors: undefined });
    }
    // What is left is spent a step at a time by a query that costs less than one.
    const stepsLeft = COST_BUDGET_PER_MINUTE / COST_STEP - costlyAllowed * steps;
    for (let i = 1; i <= stepsLeft; i++) {
      const { response } = await postGraphQL(limited, { query: cheap }, from("203.0.113.80"));
      expect({ cheap: i, status: response.status }).toEqual({ cheap: i, status: 200 });
    }
    // The budget is spent to the unit: even the cheapest query is refused now.
    const refused = await postGraphQL(limited, { query: cheap }, from("203.0.113.80"));
    expect(refused.response.status).toBe(429);
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors![0]).toMatchObject({
      message: `Too many costly queries from your network: each address may spend 120,000 cost units a minute. Please try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      extensions: expect.objectContaining({ code: "TOO_MANY_REQUESTS", budgetPerMinute: COST_BUDGET_PER_MINUTE }),
    });
    const other = await postGraphQL(limited, { query: costly }, from("198.51.100.80"));
    expect(other.response.status).toBe(200);
    expect(other.body.errors).toBeUndefined();
  });
});

describe("field suggestions", () => {
  test("are off in production, where they would map the schema without introspection; on elsewhere", async () => {
    const typo = "{ brands { slgu } }";
    const production = await postGraphQL(app, { query: typo });
    expect(production.body.errors![0]!.message).toBe('Cannot query field "slgu" on type "Brand".');
    const development = await postGraphQL(graphqlApp({ services, database: shop.database }, { mode: "test" }), { query: typo });
    expect(development.body.errors![0]!.message).toMatch(/Did you mean "slug"\?$/);
  });
});

describe("introspection", () => {
  const introspection = "{ __schema { queryType { name } } }";

  test("is off in production, but __typename works", async () => {
    const { body } = await postGraphQL(app, { query: introspection });
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toContain("introspection has been disabled");
    const typename = await postGraphQL(app, { query: "{ __typename brands { __typename slug } }" });
    expect(typename.body.data).toMatchObject({
      __typename: "Query",
      brands: expect.arrayContaining([expect.objectContaining({ __typename: "Brand" })]),
    });
  });

  test("is on elsewhere, for tools", async () => {
    const { body } = await postGraphQL(graphqlApp({ services, database: shop.database }, { mode: "test" }), {
      query: introspection,
    });
    expect(body).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
  });

  test("GraphiQL is served only in development", async () => {
    const dev = graphqlApp({ services, database: shop.database }, { mode: "development" });
    const response = await dev.request("/graphql", { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("GraphiQL");
  });
});

describe("masked errors", () => {
  /** The shop with a catalogue whose brands fail the way a broken database would. */
  function failingShop(mode: "production" | "development") {
    const logger = recordingLogger();
    const broken: Services = {
      ...services,
      catalog: {
        ...services.catalog,
        brandDetails: Object.assign(() => Promise.reject(new Error("connection to db-internal.example:5432 refused")), {
          invalidate() {},
        }),
      },
    };
    return { logger, app: graphqlApp({ services: broken, database: shop.database }, { mode, logger }) };
  }

  test("an unexpected failure reaches the client as 'Unexpected error.' only, and is logged", async () => {
    const { logger, app: failing } = failingShop("production");
    const { response, body } = await postGraphQL(failing, { query: "{ brands { slug } }" });
    expect(response.status).toBe(200);
    expect(body).toEqual({
      data: null,
      errors: [
        {
          message: "Unexpected error.",
          locations: [{ line: 1, column: 3 }],
          path: ["brands"],
          extensions: { code: "INTERNAL_SERVER_ERROR" },
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain("db-internal");
    expect(logger.errors.map((entry) => entry.fields?.error)).toContainEqual(
      expect.stringContaining("db-internal.example:5432 refused"),
    );
  });

  test("the shop's own errors are meant for clients and are not masked", async () => {
    const { body } = await postGraphQL(app, { query: "{ products(pageSize: 0) { total } }" });
    expect(body.errors![0]).toMatchObject({
      message: "pageSize must be a whole number from 1 to 100",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  test("in development the developer sees the original message", async () => {
    const { app: failing } = failingShop("development");
    const { body } = await postGraphQL(failing, { query: "{ brands { slug } }" });
    expect(body.errors![0]!.message).toBe("Unexpected error.");
    expect(JSON.stringify(body.errors![0]!.extensions)).toContain("db-internal.example:5432 refused");
  });
});
