import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { seededShop } from "../../tests/support/seeded-shop.ts";
import { createApp } from "../app.ts";
import type { ShopEnv } from "../context.ts";
import { users } from "../db/schema/index.ts";
import { parseEnv } from "../env.ts";
import { createMemoryStore } from "../modules/rate-limit/memory-store.ts";
import { recordingLogger } from "../../tests/support/graphql-harness.ts";
import { newPerson } from "../../tests/support/sign-ups.ts";
import { isNewsSection } from "../modules/news/index.ts";

/*
 * Issue 22 §6: a NUL in a path, a filter or a body reached SQL (PostgreSQL's text cannot hold one)
 * and every such route answered 500 with the failed query in the log. The whole app, as
 * server/app.ts builds it, is called directly; the pages' renderer stands in for React Router with
 * what the news post page's loader does (it looks the slug up), so a page path reaches SQL too.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let logger: ReturnType<typeof recordingLogger>;
let ownerToken = "";
const COLLECTIONS = [
  "news",
  "news-categories",
  "pages",
  "memberships",
  "feature-flags",
  "countries",
  "brands",
  "categories",
  "products",
];
const WRITABLE = ["news", "news-categories", "pages", "memberships", "feature-flags", "countries"];
const NEWS_POST = /^\/news-and-media\/([^/]+)\/post\/([^/]+?)(?:\.data)?$/;

beforeAll(async () => {
  shop = await seededShop(20);
  logger = recordingLogger();
  const env = parseEnv({
    NODE_ENV: "production",
    DATA_DIR: shop.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
  });
  ({ app } = createApp({
    env,
    database: shop.database,
    services: shop.services,
    rateLimits: createMemoryStore(),
    logger,
    renderPage: async (request, page) => {
      const match = NEWS_POST.exec(new URL(request.url).pathname);
      if (!match || !isNewsSection(match[1]!)) return new Response("Not found", { status: 404 });
      const post = await page.services.news.post(match[1]!, decodeURIComponent(match[2]!), { member: false });
      return new Response(post ? post.title : "Not found", { status: post ? 200 : 404 });
    },
  }));
  const registered = await app.request("/api/auth/local/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(newPerson()),
  });
  const body = (await registered.json()) as { jwt: string; user: { id: number } };
  await shop.database.db.update(users).set({ role: "owner" }).where(eq(users.id, body.user.id));
  ownerToken = body.jwt;
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(() => {
  logger.errors.length = 0;
});

async function call(method: string, path: string, options: { body?: BodyInit; type?: string; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.type) headers["content-type"] = options.type;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.request(path, { method, headers, body: options.body });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

const restError = (status: number, name: string, message: string, details: Record<string, unknown> = {}) =>
  JSON.stringify({ data: null, error: { status, name, message, details } });
const NUL_MESSAGE = "Text may not contain control characters such as NUL.";
const notFound = restError(404, "NotFoundError", "Not Found");
const badQuery = restError(400, "ValidationError", NUL_MESSAGE, { param: "query" });
const badBody = restError(400, "ValidationError", NUL_MESSAGE, { param: "body" });

describe("a NUL byte", () => {
  test("in a collection's path or filter, on all nine, is 404 or 400 in the content backend's shape", async () => {
    for (const collection of COLLECTIONS) {
      expect({ collection, ...(await call("GET", `/api/${collection}/%00`)) }).toMatchObject({
        collection,
        status: 404,
        text: notFound,
      });
      for (const filter of [
        "filters[documentId][$eq]=%00",
        "filters[title][$eq]=%00",
        "filters[slug][$containsi]=a%00b",
        "sort=%00",
      ]) {
        const answer = await call("GET", `/api/${collection}?${filter}`);
        expect({ collection, filter, ...answer }).toMatchObject({ collection, filter, status: 400, text: badQuery });
      }
    }
    expect(logger.errors).toEqual([]);
  });

  test("in the path or body of a write (PUT, DELETE, POST) of the writable collections is 404 or 400", async () => {
    for (const collection of WRITABLE) {
      const json = JSON.stringify({ data: { title: "a\u0000b", name: "a\u0000b", slug: "a\u0000b" } });
      const put = await call("PUT", `/api/${collection}/%00`, { token: ownerToken, type: "application/json", body: "{}" });
      expect({ collection, ...put }).toMatchObject({ collection, status: 404, text: notFound });
      const remove = await call("DELETE", `/api/${collection}/%00`, { token: ownerToken });
      expect({ collection, ...remove }).toMatchObject({ collection, status: 404, text: notFound });
      const post = await call("POST", `/api/${collection}`, { token: ownerToken, type: "application/json", body: json });
      expect({ collection, ...post }).toMatchObject({ collection, status: 400, text: badBody });
      const putBody = await call("PUT", `/api/${collection}/x`, { token: ownerToken, type: "application/json", body: json });
      expect({ collection, ...putBody }).toMatchObject({ collection, status: 400, text: badBody });
    }
    expect(logger.errors).toEqual([]);
  });

  test("in a news post's slug is the page's 404, for the page and for its data request", async () => {
    for (const path of [
      "/news-and-media/news/post/%00",
      "/news-and-media/news/post/%00.data",
      "/news-and-media/exclusives/post/a%00",
    ]) {
      const answer = await call("GET", path);
      expect({ path, status: answer.status, type: answer.type }).toEqual({ path, status: 404, type: "text/html; charset=UTF-8" });
      expect(answer.text).toContain("<h1>Page not found</h1>");
    }
    const news = await call("GET", "/api/news?filters[slug][$eq]=%00");
    expect(news).toMatchObject({ status: 400, text: badQuery });
    expect(logger.errors).toEqual([]);
  });

  test("in a page's form (urlencoded or multipart) is 400 with a plain page", async () => {
    const form = await call("POST", "/news-and-media/news/post/x", {
      type: "application/x-www-form-urlencoded",
      body: "intent=subscribe&email=a%00b%40example.com",
    });
    expect(form).toMatchObject({ status: 400 });
    expect(form.text).toContain(NUL_MESSAGE);
    const data = new FormData();
    data.set("name", "Sam\u0000");
    data.set("picture", new Blob([new Uint8Array([0, 0, 0])]), "me.jpg");
    const multipart = await app.request("/my-account/personal-details", { method: "POST", body: data });
    expect(multipart.status).toBe(400);
  });

  test("in GraphQL variables, in JSON or in a multipart request's operations, is 400 in GraphQL's shape", async () => {
    const query = "query Product($slug: String) { product(slug: $slug) { id } }";
    const graphqlError = JSON.stringify({ errors: [{ message: NUL_MESSAGE, extensions: { code: "BAD_REQUEST" } }] });
    const json = await call("POST", "/graphql", {
      type: "application/json",
      body: JSON.stringify({ query, variables: { slug: "\u0000" } }),
    });
    expect(json).toMatchObject({ status: 400, text: graphqlError });
    const data = new FormData();
    data.set("operations", JSON.stringify({ query, variables: { slug: "a\u0000" } }));
    data.set("map", "{}");
    const multipart = await call("POST", "/graphql", { body: data });
    expect(multipart).toMatchObject({ status: 400, text: graphqlError });
    expect(logger.errors).toEqual([]);
  });

  test("written as an escape in a GraphQL document's own string (POST, a batch, GET, multipart) is 400 in GraphQL's shape", async () => {
    const graphqlError = JSON.stringify({ errors: [{ message: NUL_MESSAGE, extensions: { code: "BAD_REQUEST" } }] });
    for (const literal of ["\\u0000", "\\u{0}", "\\U0000"]) {
      const query = `{ product(slug: "a${literal}") { id } }`;
      const post = await call("POST", "/graphql", { type: "application/json", body: JSON.stringify({ query }) });
      expect({ literal, ...post }).toMatchObject({ literal, status: 400, text: graphqlError });
      const batch = await call("POST", "/graphql", {
        type: "application/json",
        body: JSON.stringify([{ query: "{ brands { slug } }" }, { query }]),
      });
      expect({ literal, ...batch }).toMatchObject({ literal, status: 400 });
      const get = await call("GET", `/graphql?query=${encodeURIComponent(query)}`);
      expect({ literal, ...get }).toMatchObject({ literal, status: 400, text: graphqlError });
      const data = new FormData();
      data.set("operations", JSON.stringify({ query }));
      data.set("map", "{}");
      expect({ literal, ...(await call("POST", "/graphql", { body: data })) }).toMatchObject({
        literal,
        status: 400,
        text: graphqlError,
      });
    }
    // An escaped backslash spells the text "\u0000", which is no NUL.
    const spelled = await call("POST", "/graphql", {
      type: "application/json",
      body: JSON.stringify({ query: '{ product(slug: "\\\\u0000") { id } }' }),
    });
    expect(spelled).toMatchObject({ status: 200, text: JSON.stringify({ data: { product: null } }) });
    expect(logger.errors).toEqual([]);
  });

  test("a multipart body that is no readable form is refused, not passed on unchecked", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nSam';
    for (const path of ["/graphql", "/my-account/personal-details"]) {
      const answer = await call("POST", path, { type: "multipart/form-data; boundary=b", body });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.text).toContain("The form could not be read");
    }
    expect(logger.errors).toEqual([]);
  });

  test("is the only thing refused: the same requests without one, and text that only spells \\u0000, go through", async () => {
    expect((await call("GET", "/api/news?filters[slug][$eq]=spring")).status).toBe(200);
    expect((await call("GET", "/api/countries/%2500")).status).toBe(404);
    const spelled = await call("POST", "/graphql", {
      type: "application/json",
      body: JSON.stringify({
        query: "query Product($slug: String) { product(slug: $slug) { id } }",
        variables: { slug: "\\u0000" },
      }),
    });
    expect(spelled).toMatchObject({ status: 200, text: JSON.stringify({ data: { product: null } }) });
    for (const path of ["/media/%00", "/images/%00", "/healthz%00", "/videos/embed?url=%00"]) {
      expect((await call("GET", path)).status, path).toBeLessThan(500);
    }
    const page = await call("GET", "/news-and-media/news/post/no-such-post");
    expect(page.status).toBe(404);
    expect(logger.errors).toEqual([]);
  });
});
