import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { strapi, HTTPNotFoundError } from "@strapi/client";
import { and, eq, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import Strapi from "strapi-sdk-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { ShopEnv } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import {
  mediaFiles,
  membershipPlans,
  memberships,
  newsCategories,
  newsPosts,
  pages,
  products,
  users,
  auditLog,
  slugRedirects,
  brands,
  categories,
} from "../../db/schema/index.ts";
import { seedDemoShop } from "../../db/seed/index.ts";
import { createServices } from "../../services.ts";
import { collectionsApi } from "./collections.ts";
import { contentAuthApi } from "./content-auth.ts";
import { ecommerceApi } from "./ecommerce.ts";
import { newPerson } from "../../../tests/support/sign-ups.ts";
import { proveSecondFactor } from "../../../tests/support/staff-sessions.ts";

/*
 * The content backend's collections (issue 12 §1), spoken to as Strapi 5 clients speak: the
 * bracket query syntax, {data} bodies, the error shape, and the official clients on a real server.
 */

let database: Database;
let app: Hono<ShopEnv>;
let mediaDir: string;
const tokens: Record<"customer" | "member" | "editor" | "staff" | "owner", string> = {} as never;

interface Answer {
  data: Record<string, unknown> & Record<string, unknown>[];
  meta: { pagination: Record<string, number> };
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer, headers: response.headers };
}

const slugsOf = (answer: { body: Answer }) =>
  (answer.body.data as unknown as { slug: string }[]).map((entry) => entry.slug).sort();

async function register(role: keyof typeof tokens) {
  const answer = await call("POST", "/api/auth/local/register", { body: newPerson() });
  expect(answer.status).toBe(200);
  const body = answer.body as unknown as { jwt: string; user: { id: number } };
  if (role !== "member" && role !== "customer") await database.db.update(users).set({ role }).where(eq(users.id, body.user.id));
  return body;
}

let cover: { id: number; documentId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = mkdtempSync(join(tmpdir(), "shop-collections-"));
  await seedDemoShop(database.db, { products: 20, mediaDir });
  // The tests write their own newsroom below, so the demo's content goes.
  for (const table of [newsPosts, newsCategories, pages, mediaFiles]) await database.db.delete(table);
  const services = createServices(database, testServicesConfig());
  app = shopApp({ services, database });
  app.route("/api", contentAuthApi());
  app.route("/api", collectionsApi());
  app.route("/ecommerce", ecommerceApi());
  let memberId = 0;
  for (const role of ["customer", "member", "editor", "staff", "owner"] as const) {
    const made = await register(role);
    tokens[role] = made.jwt;
    if (role === "member") memberId = made.user.id;
  }
  // Every write asks a back-office account for its second factor (ADR 59, 73).
  for (const role of ["editor", "staff", "owner"] as const) await proveSecondFactor(services, database.db, tokens[role]);
  const [plan] = await database.db.insert(membershipPlans).values({ slug: "test-club", name: "Test club" }).returning();
  await database.db.insert(memberships).values({ userId: memberId, planId: plan!.id });
  [cover] = (await database.db
    .insert(mediaFiles)
    .values({
      name: "cover.webp",
      path: "news/cover.webp",
      mime: "image/webp",
      width: 1600,
      height: 900,
      size: 20480,
      alternativeText: "A keeper",
    })
    .returning({ id: mediaFiles.id, documentId: mediaFiles.documentId })) as [{ id: number; documentId: string }];

  // The newsroom the tests read: written through the API by an editor.
  const category = async (name: string, slug: string) =>
    (await call("POST", "/api/news-categories", { token: tokens.editor, body: { data: { name, slug } } })).body.data;
  const training = await category("Training", "training");
  const kit = await category("Kit", "kit");
  const post = async (data: Record<string, unknown>, status = "") =>
    call("POST", `/api/news${status}`, { token: tokens.editor, body: { data } });
  for (const [i, data] of [
    {
      title: "Spring training camp",
      slug: "spring-camp",
      excerpt: "Camp dates",
      body: "Bring two pairs of gloves.",
      category: training.documentId,
      author: "Ana",
    },
    {
      title: "New gloves arrive",
      slug: "new-gloves",
      excerpt: "Grip Pro 3",
      body: "The GRIP is back.",
      category: kit.id,
      cover: cover.documentId,
    },
    {
      title: "Penalty secrets",
      slug: "penalty-secrets",
      section: "exclusives",
      excerpt: "For members",
      body: "Watch the hips.",
      category: training.documentId,
    },
    { title: "Winter kit 100% wool", slug: "winter-kit", excerpt: "Warm_hands", body: "Wool.", author: "Bo" },
  ].entries()) {
    const answer = await post(data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(i).toBeGreaterThanOrEqual(0);
  }
  expect((await post({ title: "Draft news", slug: "draft-news", body: "Not yet." }, "?status=draft")).status).toBe(201);
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

describe("reading", () => {
  test("a list answers Strapi 5's flat entries and page meta; drafts are left out", async () => {
    const answer = await call("GET", "/api/news?sort=slug:asc");
    expect(answer.status).toBe(200);
    expect(slugsOf(answer)).toEqual(["new-gloves", "penalty-secrets", "spring-camp", "winter-kit"]);
    expect(answer.body.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 4 } });
    const first = answer.body.data[0]!;
    expect(first).toMatchObject({ slug: "new-gloves", section: "news", membersOnly: false, body: "The GRIP is back." });
    expect(first.documentId).toMatch(/^[a-z0-9]{24}$/);
    expect(typeof first.id).toBe("number");
    expect(first.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first).not.toHaveProperty("category");
  });

  test("an exclusive is a teaser for guests and customers, and whole for members", async () => {
    const pick = (answer: { body: Answer }) =>
      (answer.body.data as unknown as Record<string, unknown>[]).find((e) => e.slug === "penalty-secrets")!;
    for (const token of [undefined, tokens.customer]) {
      const teaser = pick(await call("GET", "/api/news", { token }));
      expect(teaser).toMatchObject({ title: "Penalty secrets", excerpt: "For members", membersOnly: true });
      expect(teaser).not.toHaveProperty("body");
      expect(teaser).not.toHaveProperty("videos");
    }
    expect(pick(await call("GET", "/api/news", { token: tokens.member })).body).toBe("Watch the hips.");
    // Nor can a filter learn the body: the condition never matches, negated or not.
    for (const filter of ["filters[body][$contains]=hips", "filters[$not][body][$contains]=hips"]) {
      const slugs = slugsOf(await call("GET", `/api/news?${filter}`));
      expect(slugs).not.toContain("penalty-secrets");
    }
    expect(slugsOf(await call("GET", "/api/news?filters[body][$contains]=hips", { token: tokens.member }))).toEqual([
      "penalty-secrets",
    ]);
  });

  test("one entry by documentId; a numeric id, a draft or an unknown one is 404", async () => {
    const list = await call("GET", "/api/news?filters[slug][$eq]=spring-camp&populate=category");
    const entry = list.body.data[0]!;
    const one = await call("GET", `/api/news/${entry.documentId as string}?populate=category`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: entry, meta: {} });
    expect((entry.category as Record<string, unknown>).slug).toBe("training");
    for (const id of [
      String(entry.id),
      "nope",
      (await call("GET", "/api/news?status=draft&filters[slug]=draft-news", { token: tokens.editor })).body.data[0]!
        .documentId as string,
    ]) {
      const missing = await call("GET", `/api/news/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        data: null,
        error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} },
      });
    }
  });

  test.each([
    ["filters[slug][$eq]=winter-kit", ["winter-kit"]],
    ["filters[slug]=winter-kit", ["winter-kit"]],
    ["filters[title][$eqi]=NEW GLOVES ARRIVE", ["new-gloves"]],
    ["filters[author][$ne]=Ana", ["new-gloves", "penalty-secrets", "winter-kit"]],
    ["filters[slug][$lt]=p", ["new-gloves"]],
    ["filters[slug][$lte]=new-gloves", ["new-gloves"]],
    ["filters[slug][$gt]=spring-camp", ["winter-kit"]],
    ["filters[slug][$gte]=spring-camp", ["spring-camp", "winter-kit"]],
    ["filters[slug][$in][0]=winter-kit&filters[slug][$in][1]=new-gloves", ["new-gloves", "winter-kit"]],
    ["filters[slug][$notIn][0]=winter-kit&filters[slug][$notIn][1]=new-gloves", ["penalty-secrets", "spring-camp"]],
    ["filters[title][$contains]=gloves", ["new-gloves"]],
    ["filters[title][$contains]=Gloves", []],
    ["filters[title][$containsi]=GLOVES", ["new-gloves"]],
    ["filters[title][$notContains]=e", ["spring-camp"]],
    ["filters[title][$notContainsi]=KIT", ["new-gloves", "penalty-secrets", "spring-camp"]],
    ["filters[title][$startsWith]=Spring", ["spring-camp"]],
    ["filters[title][$startsWithi]=spring", ["spring-camp"]],
    ["filters[title][$endsWith]=arrive", ["new-gloves"]],
    ["filters[title][$endsWithi]=ARRIVE", ["new-gloves"]],
    ["filters[title][$contains]=100%", ["winter-kit"]],
    ["filters[excerpt][$contains]=_", ["winter-kit"]],
    ["filters[category][$null]=true", ["winter-kit"]],
    ["filters[category][$notNull]=true", ["new-gloves", "penalty-secrets", "spring-camp"]],
    ["filters[author][$null]=false&filters[author][$ne]=", ["spring-camp", "winter-kit"]],
    ["filters[author][$notNull]=true&filters[author][$eq]=Bo", ["winter-kit"]],
    ["filters[slug][$between][0]=n&filters[slug][$between][1]=q", ["new-gloves", "penalty-secrets"]],
    ["filters[$or][0][slug]=winter-kit&filters[$or][1][author]=Ana", ["spring-camp", "winter-kit"]],
    ["filters[$and][0][section]=news&filters[$and][1][category][slug]=training", ["spring-camp"]],
    ["filters[$not][section]=news", ["penalty-secrets"]],
    ["filters[slug][$not][$eq]=winter-kit&filters[section]=news", ["new-gloves", "spring-camp"]],
    ["filters[category][slug][$eq]=kit", ["new-gloves"]],
    ["filters[category][name][$eqi]=training&filters[$or][0][author]=Ana", ["spring-camp"]],
    ["filters[$or][0][$and][0][section]=exclusives&filters[$or][1][slug][$startsWith]=new", ["new-gloves", "penalty-secrets"]],
  ])("%s", async (query, expected) => {
    const answer = await call("GET", `/api/news?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(slugsOf(answer)).toEqual(expected);
  });

  test("sort by one or several fields, and by a relation's field", async () => {
    const order = async (query: string) =>
      ((await call("GET", `/api/news?${query}`)).body.data as unknown as { slug: string }[]).map((entry) => entry.slug);
    expect(await order("sort=slug:desc")).toEqual(["winter-kit", "spring-camp", "penalty-secrets", "new-gloves"]);
    expect(await order("sort[0]=section:desc&sort[1]=slug")).toEqual([
      "new-gloves",
      "spring-camp",
      "winter-kit",
      "penalty-secrets",
    ]);
    expect(await order("sort[slug]=desc")).toEqual(["winter-kit", "spring-camp", "penalty-secrets", "new-gloves"]);
    expect((await order("sort=category.name:asc,slug:asc")).slice(0, 1)).toEqual(["new-gloves"]);
  });

  test("pagination by page or by offset, sizes clamped to 100", async () => {
    const paged = await call("GET", "/api/news?pagination[page]=2&pagination[pageSize]=3&sort=slug");
    expect(slugsOf(paged)).toEqual(["winter-kit"]);
    expect(paged.body.meta.pagination).toEqual({ page: 2, pageSize: 3, pageCount: 2, total: 4 });
    const offset = await call("GET", "/api/news?pagination[start]=1&pagination[limit]=2&sort=slug");
    expect(slugsOf(offset)).toEqual(["penalty-secrets", "spring-camp"]);
    expect(offset.body.meta.pagination).toEqual({ start: 1, limit: 2, total: 4 });
    expect((await call("GET", "/api/news?pagination[pageSize]=1000")).body.meta.pagination.pageSize).toBe(100);
    expect((await call("GET", "/api/news?pagination[pageSize]=2&pagination[withCount]=false")).body.meta.pagination).toEqual({
      page: 1,
      pageSize: 2,
    });
    const mixed = await call("GET", "/api/news?pagination[page]=1&pagination[limit]=2");
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe("Cannot use both page & offset pagination in the same query");
  });

  test("fields and populate: relations, media and nested fields", async () => {
    const answer = await call(
      "GET",
      "/api/news?filters[slug]=new-gloves&fields[0]=title&populate[category][fields][0]=name&populate[cover]=true",
    );
    const entry = answer.body.data[0]!;
    expect(Object.keys(entry).sort()).toEqual(["category", "cover", "documentId", "id", "title"]);
    expect(entry.category).toEqual({ id: expect.any(Number), documentId: expect.any(String), name: "Kit" });
    expect(entry.cover).toMatchObject({
      id: cover.id,
      documentId: cover.documentId,
      name: "cover.webp",
      alternativeText: "A keeper",
      mime: "image/webp",
      width: 1600,
      height: 900,
      url: "/media/news/cover.webp",
      size: 20,
    });
    expect((entry.cover as { formats: Record<string, { url: string }> }).formats.small!.url).toBe(
      "/images/cover/480?src=%2Fmedia%2Fnews%2Fcover.webp",
    );
    const star = (await call("GET", "/api/news?filters[slug]=winter-kit&populate=*")).body.data[0]!;
    expect(star).toMatchObject({ category: null, cover: null });
  });

  test.each([
    ["filters[nope][$eq]=1", "Invalid key nope", { key: "nope", path: null, source: "query", param: "filters" }],
    ["filters[title][$foo]=x", "Invalid key $foo at title", { key: "$foo", path: "title", source: "query", param: "filters" }],
    [
      "filters[category][nope]=x",
      "Invalid key nope at category.nope",
      { key: "nope", path: "category.nope", source: "query", param: "filters" },
    ],
    ["filters[videos][$null]=true", "Invalid key videos", { key: "videos", path: "videos", source: "query", param: "filters" }],
    ["sort=nope:desc", "Invalid key nope", { key: "nope", path: null, source: "query", param: "sort" }],
    ["fields[0]=passwordHash", "Invalid key passwordHash", { key: "passwordHash", path: null, source: "query", param: "fields" }],
    ["populate=author", "Invalid key author", { key: "author", path: "author", source: "query", param: "populate" }],
    [
      "populate[category][populate][nope]=true",
      "Invalid key nope at category.nope",
      { key: "nope", path: "category.nope", source: "query", param: "populate" },
    ],
  ])("%s answers 400 naming the key", async (query, message, details) => {
    const answer = await call("GET", `/api/news?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: null, error: { status: 400, name: "ValidationError", message, details } });
  });

  test.each([
    "sort=title:sideways",
    "filters[$or][x]=1",
    "filters[publishedAt][$gt]=yesterday",
    "filters[id][$eq]=abc",
    "filters[slug][$between][0]=a",
    "pagination[page]=abc",
    "page=2",
    "status=preview",
    "filters[id]=99999999999",
    "filters[category]=3000000000",
    "filters[createdAt][$gt]=0000-01-01",
    "filters[createdAt][$gt]=%2B010000-01-01",
    "populate=category.category",
  ])("%s is a clear 400, never a crash", async (query) => {
    const answer = await call("GET", `/api/news?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.name).toBe("ValidationError");
    expect(answer.body.error.message.length).toBeGreaterThan(5);
  });

  test("drafts: 401 for guests, 403 for customers, every entry for editors", async () => {
    expect((await call("GET", "/api/news?status=draft")).status).toBe(401);
    const forbidden = await call("GET", "/api/news?status=draft", { token: tokens.customer });
    expect(forbidden.body.error).toEqual({ status: 403, name: "ForbiddenError", message: "Forbidden", details: {} });
    const drafts = await call("GET", "/api/news?status=draft", { token: tokens.editor });
    expect(slugsOf(drafts)).toContain("draft-news");
    expect(drafts.body.meta.pagination.total).toBe(5);
  });

  test("catalogue collections read the shop's products, brands and categories", async () => {
    const products = await call("GET", "/api/products?populate[brand][fields][0]=slug&pagination[pageSize]=2&sort=id");
    expect(products.status).toBe(200);
    expect(products.body.data[0]).toMatchObject({
      name: expect.any(String),
      price: expect.any(Number),
      brand: { slug: expect.any(String) },
    });
    expect((await call("GET", "/api/categories?filters[parent][$null]=true")).body.data.length).toBeGreaterThan(0);
    expect((await call("GET", "/api/brands")).body.meta.pagination.total).toBeGreaterThan(0);
    expect((await call("GET", "/api/countries?filters[code]=NL")).body.data[0]).toMatchObject({
      code: "NL",
      name: "Netherlands",
      vatRateBasisPoints: 2100,
    });
  });
});

describe("writing", () => {
  // Staff write content too since the staff role has the content scope (migration 0027, ADR 75).
  test("the permission table: collection x role x verb", async () => {
    const roles = {
      guest: undefined,
      customer: tokens.customer,
      member: tokens.member,
      editor: tokens.editor,
      staff: tokens.staff,
      owner: tokens.owner,
    };
    const samples: Record<string, { data: Record<string, unknown>; writers: (keyof typeof roles)[] }> = {
      news: { data: { title: "Table", slug: "" }, writers: ["editor", "staff", "owner"] },
      "news-categories": { data: { name: "Table", slug: "" }, writers: ["editor", "staff", "owner"] },
      pages: { data: { title: "Table", slug: "" }, writers: ["editor", "staff", "owner"] },
      memberships: { data: { name: "Table", slug: "" }, writers: ["owner"] },
      "feature-flags": { data: { key: "" }, writers: ["owner"] },
      brands: { data: { name: "Table", slug: "" }, writers: ["staff", "owner"] },
      categories: { data: { name: "Table", slug: "" }, writers: ["staff", "owner"] },
    };
    let n = 0;
    for (const [collection, sample] of Object.entries(samples)) {
      for (const [role, token] of Object.entries(roles) as [keyof typeof roles, string | undefined][]) {
        n += 1;
        const data = { ...sample.data, ...("slug" in sample.data ? { slug: `table-${n}` } : { key: `table-${n}` }) };
        const created = await call("POST", `/api/${collection}`, { token, body: { data } });
        const allowed = sample.writers.includes(role);
        const expected = allowed ? 201 : token ? 403 : 401;
        expect(created.status, `${role} POST ${collection}: ${JSON.stringify(created.body)}`).toBe(expected);
        // Update and delete of an entry the owner made, by the same role.
        const target = allowed
          ? created.body.data
          : (await call("POST", `/api/${collection}`, { token: tokens.owner, body: { data } })).body.data;
        const updated = await call("PUT", `/api/${collection}/${target.documentId as string}`, { token, body: { data: {} } });
        expect(updated.status, `${role} PUT ${collection}`).toBe(allowed ? 200 : token ? 403 : 401);
        const removed = await call("DELETE", `/api/${collection}/${target.documentId as string}`, { token });
        expect(removed.status, `${role} DELETE ${collection}`).toBe(allowed ? 204 : token ? 403 : 401);
        if (allowed) expect(removed.body).toBeNull();
        else await call("DELETE", `/api/${collection}/${target.documentId as string}`, { token: tokens.owner });
      }
      // Everyone reads.
      for (const token of Object.values(roles)) expect((await call("GET", `/api/${collection}`, { token })).status).toBe(200);
    }
    // Products are written by staff too, with their version (product-writes.db.test.ts); other methods are 405.
    const answer = await call("PATCH", "/api/products", { token: tokens.owner, body: { data: { name: "x" } } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD, POST");
    expect((await call("GET", "/api/nothing-here")).status).toBe(404);
  });

  test("bodies as Strapi checks them: data required, read-only and unknown keys refused, fields validated", async () => {
    const post = (body: unknown) => call("POST", "/api/news", { token: tokens.editor, body });
    expect((await post({ title: "x" })).body.error).toMatchObject({
      status: 400,
      name: "ValidationError",
      message: 'Missing "data" payload in the request body',
    });
    expect((await post({ data: { title: "x", slug: "x", documentId: "abc" } })).body.error.message).toBe(
      "Invalid key documentId",
    );
    expect((await post({ data: { title: "x", slug: "x", secret: 1 } })).body.error).toMatchObject({
      message: "Invalid key secret",
      details: expect.objectContaining({ key: "secret", source: "body" }),
    });
    const bad = await post({ data: { title: "x", slug: "Not A Slug" } });
    expect(bad.body.error.details).toMatchObject({ errors: [expect.objectContaining({ path: ["data", "slug"] })] });
    const taken = await post({ data: { title: "x", slug: "winter-kit" } });
    expect(taken.body.error).toMatchObject({ status: 400, message: "This attribute must be unique" });
    const video = await post({ data: { title: "x", slug: "video-x", videos: ["https://vimeo.com/123"] } });
    expect(video.status).toBe(400);
    expect(video.body.error.message).toBe("Video links must be addresses of the video provider");
    const exclusive = await post({ data: { title: "x", slug: "open-exclusive", section: "exclusives", membersOnly: false } });
    expect(exclusive.body.error.message).toBe("Exclusives are always members-only");
    const category = await post({ data: { title: "x", slug: "no-such-category", category: "zzzzzzzzzzzzzzzzzzzzzzzz" } });
    expect(category.body.error.message).toBe("category: no such entry");
  });

  test("PUT changes the fields sent and publishes; ?status=draft takes an entry off the site", async () => {
    const created = await call("POST", "/api/news?status=draft", {
      token: tokens.editor,
      body: { data: { title: "Later", slug: "later", videos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"] } },
    });
    expect(created.body.data.publishedAt).toBeNull();
    const id = created.body.data.documentId as string;
    expect((await call("GET", `/api/news/${id}`)).status).toBe(404);
    const published = await call("PUT", `/api/news/${id}`, { token: tokens.editor, body: { data: { excerpt: "Now" } } });
    expect(published.body.data).toMatchObject({
      title: "Later",
      excerpt: "Now",
      videos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
      publishedAt: expect.any(String),
    });
    expect((await call("GET", `/api/news/${id}`)).status).toBe(200);
    await call("PUT", `/api/news/${id}?status=draft`, { token: tokens.editor, body: { data: {} } });
    expect((await call("GET", `/api/news/${id}`)).status).toBe(404);
    expect((await call("PUT", "/api/news/unknown", { token: tokens.editor, body: { data: {} } })).status).toBe(404);
    expect((await call("DELETE", `/api/news/${id}`, { token: tokens.editor })).status).toBe(204);
    expect((await call("DELETE", `/api/news/${id}`, { token: tokens.editor })).status).toBe(404);
  });

  test("the owner starts and stops delivering to a country, and sets its VAT rate", async () => {
    const methods = async (country: string) => (await call("GET", `/ecommerce/delivery-methods?country=${country}`)).body;
    const created = await call("POST", "/api/countries", {
      token: tokens.owner,
      body: { data: { code: "tr", vatRateBasisPoints: 2000, deliveryZone: "europe" } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: "TR", name: "Türkiye", vatRateBasisPoints: 2000, deliveryZone: "europe" });
    expect((await methods("TR")).data.map((method) => method.id)).toContain("europe-standard");
    const id = created.body.data.documentId as string;
    const changed = await call("PUT", `/api/countries/${id}`, {
      token: tokens.owner,
      body: { data: { vatRateBasisPoints: 1800 } },
    });
    expect(changed.body.data).toMatchObject({ code: "TR", vatRateBasisPoints: 1800, deliveryZone: "europe" });
    const twice = await call("POST", "/api/countries", {
      token: tokens.owner,
      body: { data: { code: "TR", vatRateBasisPoints: 2000 } },
    });
    expect(twice.body.error).toMatchObject({
      message: "This attribute must be unique",
      details: expect.objectContaining({ param: "data.code" }),
    });
    const unknownZone = await call("POST", "/api/countries", {
      token: tokens.owner,
      body: { data: { code: "UA", vatRateBasisPoints: 2000, deliveryZone: "moon" } },
    });
    expect(unknownZone.status).toBe(400);
    expect((await call("DELETE", `/api/countries/${id}`, { token: tokens.owner })).status).toBe(204);
    expect((await methods("TR")).data ?? []).toEqual([]);
    expect((await call("GET", "/api/countries?filters[code]=TR")).body.data).toEqual([]);
  });

  test("a members-only product's description and price follow the shop's one rule (catalog/sellable.ts)", async () => {
    // A member whose plan opens members-only products early (the test club's does not).
    const early = await register("customer");
    const [plan] = await database.db
      .insert(membershipPlans)
      .values({ slug: "early-club", name: "Early club", earlyAccess: true })
      .returning();
    await database.db.insert(memberships).values({ userId: early.user.id, planId: plan!.id });
    const [first, second] = await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
    // Members-only for good, and members-only until a moment that has passed.
    const [hidden] = await database.db
      .update(products)
      .set({ membersOnly: true, publicAt: null })
      .where(eq(products.id, first!.id))
      .returning({ slug: products.slug });
    const [opened] = await database.db
      .update(products)
      .set({ membersOnly: true, publicAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, second!.id))
      .returning({ slug: products.slug });
    const read = async (slug: string, token?: string) =>
      (await call("GET", `/api/products?filters[slug]=${slug}`, { token })).body.data[0]!;
    try {
      // A member without early access is sold it no sooner than a guest: the teaser.
      for (const token of [undefined, tokens.customer, tokens.member]) {
        const teaser = await read(hidden!.slug, token);
        expect(teaser).toMatchObject({ slug: hidden!.slug, membersOnly: true });
        expect(teaser).not.toHaveProperty("price");
        expect(teaser).not.toHaveProperty("description");
        // Nor does a filter on the hidden price find it.
        expect(
          (await call("GET", `/api/products?filters[slug]=${hidden!.slug}&filters[price][$gt]=0`, { token })).body.data,
        ).toEqual([]);
      }
      expect(await read(hidden!.slug, early.jwt)).toMatchObject({ price: expect.any(Number), description: expect.any(String) });
      // Once public, it is everyone's, guests' included.
      for (const token of [undefined, tokens.customer, tokens.member, early.jwt]) {
        expect(await read(opened!.slug, token)).toMatchObject({ price: expect.any(Number), description: expect.any(String) });
      }
    } finally {
      await database.db.update(products).set({ membersOnly: false, publicAt: null }).where(eq(products.id, first!.id));
      await database.db.update(products).set({ membersOnly: false, publicAt: null }).where(eq(products.id, second!.id));
    }
  });

  test("a plan with members cannot be deleted", async () => {
    const plan = (await call("GET", "/api/memberships?filters[slug]=test-club", { token: tokens.owner })).body.data[0]!;
    const answer = await call("DELETE", `/api/memberships/${plan.documentId as string}`, { token: tokens.owner });
    expect(answer.status).toBe(409);
    expect(answer.body.error.name).toBe("ApplicationError");
  });
});

describe("found in review", () => {
  test("sorting by a relation's documentId, and a draft relation sorts as none", async () => {
    expect((await call("GET", "/api/news?sort=category.documentId")).status).toBe(200);
    const hidden = await call("POST", "/api/news-categories?status=draft", {
      token: tokens.editor,
      body: { data: { name: "Aaa hidden", slug: "aaa-hidden" } },
    });
    await call("POST", "/api/news", {
      token: tokens.editor,
      body: { data: { title: "In a draft category", slug: "in-draft-category", category: hidden.body.data.documentId } },
    });
    // Its draft category is not the visitor's: neither by filter nor by its id.
    expect(slugsOf(await call("GET", "/api/news?filters[category][name][$eq]=Aaa hidden"))).toEqual([]);
    expect(slugsOf(await call("GET", `/api/news?filters[category]=${hidden.body.data.id as number}`))).toEqual([]);
    await call("DELETE", `/api/news-categories/${hidden.body.data.documentId as string}`, { token: tokens.editor });
  });

  test("a write whose answer's query is wrong is refused before anything is written", async () => {
    const answer = await call("POST", "/api/news?populate=bogus", {
      token: tokens.editor,
      body: { data: { title: "Bogus", slug: "bogus-populate" } },
    });
    expect(answer.status).toBe(400);
    expect(slugsOf(await call("GET", "/api/news?status=draft&filters[slug]=bogus-populate", { token: tokens.editor }))).toEqual(
      [],
    );
  });

  test("computed fields, deep populate, rules kept on update, and the taken key named", async () => {
    expect((await call("GET", "/api/countries?filters[code]=NL&fields[0]=name")).body.data[0]).toMatchObject({
      name: "Netherlands",
    });
    expect((await call("GET", "/api/categories?populate=parent.parent.parent.parent.parent.parent")).status).toBe(400);
    const exclusive = (await call("GET", "/api/news?filters[slug]=penalty-secrets")).body.data[0]!;
    const opened = await call("PUT", `/api/news/${exclusive.documentId as string}`, {
      token: tokens.editor,
      body: { data: { membersOnly: false } },
    });
    expect(opened.status).toBe(400);
    await call("POST", "/api/feature-flags", { token: tokens.owner, body: { data: { key: "taken-flag" } } });
    const taken = await call("POST", "/api/feature-flags", { token: tokens.owner, body: { data: { key: "taken-flag" } } });
    expect(taken.body.error).toMatchObject({
      message: "This attribute must be unique",
      details: expect.objectContaining({ param: "data.key" }),
    });
  });
});

describe("brands and categories, written by staff through the back office's use cases (ADR 69)", () => {
  test("a changed slug leaves its old addresses redirecting, a category with products is not removed, and the writer is audited", async () => {
    const post = (collection: string, data: Record<string, unknown>) =>
      call("POST", `/api/${collection}`, { token: tokens.staff, body: { data } });
    const top = await post("categories", { name: "Writable", slug: "writable" });
    expect(top.status).toBe(201);
    const topId = top.body.data.documentId as string;
    const sub = await post("categories", { name: "Under", parent: topId });
    expect(sub.status).toBe(201);
    expect(sub.body.data).toMatchObject({ slug: "under" });
    const moved = await call("PUT", `/api/categories/${topId}`, { token: tokens.staff, body: { data: { slug: "rewritten" } } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: "Writable", slug: "rewritten" });
    const redirects = await database.db.select().from(slugRedirects);
    const to = Object.fromEntries(redirects.map((row) => [row.fromPath, row.targetId]));
    expect(to["/shop/writable"]).toBe(top.body.data.id);
    expect(to["/shop/writable/sub/under"]).toBe(sub.body.data.id);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "category"), eq(auditLog.entityId, String(top.body.data.id))))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry).toMatchObject({ action: "category.created", entityType: "category" });
    expect(entry!.actorEmail).toContain("@");

    const [used] = await database.db.select({ categoryId: products.categoryId }).from(products).limit(1);
    const held = await call("GET", `/api/categories?filters[id][$eq]=${used!.categoryId}`);
    const refused = await call("DELETE", `/api/categories/${held.body.data[0]!.documentId as string}`, { token: tokens.staff });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/holds \d+ products?/);

    const brand = await post("brands", { name: "Written Brand" });
    expect(brand.body.data).toMatchObject({ slug: "written-brand" });
    await call("PUT", `/api/brands/${brand.body.data.documentId as string}`, {
      token: tokens.staff,
      body: { data: { slug: "rewritten-brand" } },
    });
    expect(
      (await database.db.select().from(slugRedirects).where(eq(slugRedirects.fromPath, "/brands/written-brand")))[0]?.targetId,
    ).toBe(brand.body.data.id);
    // Not for an editor, whose scope is content.
    expect((await call("POST", "/api/brands", { token: tokens.editor, body: { data: { name: "No" } } })).status).toBe(403);
  });
});

describe("the official clients", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as Server)) as Server;
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  test("@strapi/client: find, findOne, create, update, delete", async () => {
    const client = strapi({ baseURL: `${base}/api`, auth: tokens.editor });
    const news = client.collection("news");
    const found = (await news.find({
      filters: { category: { slug: { $eq: "training" } } },
      sort: ["slug:asc"],
      populate: { category: { fields: ["name"] } },
    })) as unknown as Answer;
    expect(found.data.map((e) => e.slug)).toEqual(["penalty-secrets", "spring-camp"]);
    expect(found.data[0]!.body).toBe("Watch the hips.");
    const created = (await news.create({ title: "From the client", slug: "from-client" })) as unknown as Answer;
    const id = created.data.documentId as string;
    expect(((await news.findOne(id)) as unknown as Answer).data.title).toBe("From the client");
    expect(((await news.update(id, { excerpt: "Changed" })) as unknown as Answer).data.excerpt).toBe("Changed");
    await news.delete(id);
    await expect(news.findOne(id)).rejects.toBeInstanceOf(HTTPNotFoundError);
  });

  test("@strapi/client: staff make a product, change it with its version, and archive it (ADR 73)", async () => {
    const client = strapi({ baseURL: `${base}/api`, auth: tokens.staff });
    const productsApi = client.collection("products");
    const [brand] = await database.db.select({ id: brands.id }).from(brands).limit(1);
    const [category] = await database.db
      .select({ id: categories.id })
      .from(categories)
      .where(isNull(categories.parentId))
      .limit(1);
    const variant = { size: "M", colour: "Red", colourHex: "#cc2200", sku: "CLIENT-1-M", price: 2500 };
    const made = (await productsApi.create({
      name: "Client Bottle",
      brand: brand!.id,
      category: category!.id,
      variants: [variant],
    })) as unknown as Answer;
    const id = made.data.documentId as string;
    const changed = (await productsApi.update(id, { version: made.data.version, name: "Client Flask" })) as unknown as Answer;
    expect(changed.data).toMatchObject({ name: "Client Flask", price: 2500 });
    await expect(productsApi.update(id, { version: made.data.version, name: "Lost" })).rejects.toMatchObject({
      response: { status: 409 },
    });
    await productsApi.delete(id, { version: changed.data.version } as never);
    await expect(productsApi.findOne(id)).rejects.toBeInstanceOf(HTTPNotFoundError);
    const [row] = await database.db.select().from(products).where(eq(products.documentId, id));
    expect(row).toMatchObject({ name: "Client Flask", archivedAt: expect.any(Date) });
  });

  test("strapi-sdk-js: find, findOne, create, update, delete, and its errors", async () => {
    const sdk = new Strapi({
      url: base,
      prefix: "/api",
      axiosOptions: { headers: { Authorization: `Bearer ${tokens.editor}` } },
    });
    const found = (await sdk.find("news", {
      filters: { slug: { $in: ["winter-kit", "spring-camp"] } },
      sort: "slug:desc",
      pagination: { page: 1, pageSize: 1 },
    })) as unknown as Answer;
    expect(found.data.map((e) => e.slug)).toEqual(["winter-kit"]);
    expect(found.meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
    const created = (await sdk.create("news-categories", { name: "Interviews", slug: "interviews" })) as unknown as Answer;
    const id = created.data.documentId as string;
    expect(((await sdk.findOne("news-categories", id)) as unknown as Answer).data.name).toBe("Interviews");
    expect(((await sdk.update("news-categories", id, { name: "Talks" })) as unknown as Answer).data.name).toBe("Talks");
    await sdk.delete("news-categories", id);
    await expect(sdk.findOne("news-categories", id)).rejects.toEqual({
      data: null,
      error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} },
    });
    const guest = new Strapi({ url: base, prefix: "/api" });
    await expect(guest.find("news", { filters: { nope: { $eq: 1 } } })).rejects.toMatchObject({
      error: { status: 400, message: "Invalid key nope" },
    });
  });
});
