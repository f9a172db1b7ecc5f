import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "../../app/routes.ts";
import { seededShop } from "../../tests/support/seeded-shop.ts";
import { createApp } from "../app.ts";
import { queryRows } from "../db/client.ts";
import { parseEnv } from "../env.ts";
import { systemScope } from "../lib/scope.ts";
import { CART_COOKIE } from "../modules/cart/index.ts";
import { stockedOptions } from "../../tests/support/cart-fixtures.ts";
import { registeredCustomer } from "../../tests/support/customers-fixtures.ts";
import { createRateLimitStore } from "../modules/rate-limit/index.ts";
import { CROSS_SITE_MESSAGE } from "./cross-site-writes.ts";

/*
 * ADR 51: one guard refuses every write another site's page sends with the visitor's cookies, on
 * every adapter. The walk below takes its routes from the app itself (Hono's routes, React
 * Router's route modules with an action), so a route added later is walked too.
 */

const PUBLIC_URL = "http://shop.test";
const FOREIGN = "https://evil.example";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: ReturnType<typeof createApp>["app"];
/** Requests that reached React Router (its pages' loaders and actions). */
const rendered: Request[] = [];
let customer: Awaited<ReturnType<typeof registeredCustomer>>;
let bagToken: string;

beforeAll(async () => {
  shop = await seededShop(8);
  const env = parseEnv({
    NODE_ENV: "test",
    PUBLIC_URL,
    DATA_DIR: shop.dataDir,
    LOG_LEVEL: "silent",
    PAGE_CACHE_MS: "0",
  });
  ({ app } = createApp({
    env,
    database: shop.database,
    services: shop.services,
    rateLimits: createRateLimitStore({}),
    logger: { info: () => {}, error: () => {} },
    // The pages: every request React Router would run is recorded, and answered as a page.
    renderPage: async (request) => {
      rendered.push(request);
      return new Response("<p>page</p>", { headers: { "content-type": "text/html" } });
    },
  }));
  customer = await registeredCustomer(shop.services, shop.database.db, 5101);
  const [variantId] = await stockedOptions(shop.database.db, 1);
  // The customer's bag, and a guest's bag behind the cart cookie.
  await shop.services.cart.addLine(systemScope(shop.database.db), { customerId: customer.id }, { variantId });
  bagToken = (await shop.services.cart.addLine(systemScope(shop.database.db), null, { variantId })).cart.token!;
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

/** An address for a route pattern: each parameter (Hono's `:id{regex}`, React Router's `:id`, `*`) given a sample. */
function addressOf(pattern: string): string {
  return pattern
    .replace(/:[A-Za-z_]\w*(\{[^}]*\})?\??/g, (_, regex: string | undefined) => (regex && /\\d|0-9/.test(regex) ? "1" : "x1"))
    .replace(/\*/g, "x1")
    .replace(/\/+/g, "/");
}

/** Hono's write routes: every method that may change something, and handlers for every method on a path. */
function apiWrites(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const writes: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    // `*` paths are middleware (and the pages' catch-all, walked below by React Router's routes).
    if (route.path.endsWith("*")) continue;
    const methods = route.method === "ALL" ? ["POST", "PUT", "PATCH", "DELETE"] : [route.method];
    for (const method of methods.filter((m) => WRITE_METHODS.has(m))) {
      const key = `${method} ${route.path}`;
      if (!seen.has(key)) writes.push({ method, path: route.path });
      seen.add(key);
    }
  }
  return writes;
}

const ACTION = /^export\s+(?:async\s+)?function\s+action\b|^export\s+const\s+action\b/m;

/** React Router's routes whose module has an action: their page address and their data request's. */
async function pageWrites(): Promise<string[]> {
  const addresses: string[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${parent}/${entry.path}` : parent;
      const source = readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), "utf8");
      if (ACTION.test(source)) {
        const address = addressOf(path || "/");
        const index = entry.index ? "?index" : "";
        addresses.push(`${address}${index}`, `${address === "/" ? "/_root" : address}.data${index}`);
      }
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(await routes, "");
  return addresses;
}

/** Every table's rows, hashed: the same before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    shop.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ hash: string }>(
      shop.database.db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    );
    parts.push(`${name}:${row!.hash}`);
  }
  return parts.join("\n");
}

const sessionCookie = () => customer.cookie.cookie;
const bagCookie = () => `${CART_COOKIE}=${bagToken}`;

/** The ways another site's page sends a write: by its Origin, or as the browser's Sec-Fetch-Site says. */
const crossSite = (): { what: string; headers: Record<string, string> }[] => [
  { what: "foreign Origin, logged in", headers: { origin: FOREIGN, cookie: sessionCookie() } },
  { what: "Sec-Fetch-Site cross-site, logged in", headers: { "sec-fetch-site": "cross-site", cookie: sessionCookie() } },
  { what: "Sec-Fetch-Site same-site, guest bag", headers: { "sec-fetch-site": "same-site", cookie: bagCookie() } },
  {
    what: "foreign Origin, logged in with a guest bag",
    headers: { origin: FOREIGN, cookie: `${sessionCookie()}; ${bagCookie()}` },
  },
];

function send(method: string, address: string, headers: Record<string, string>, body: "json" | "form") {
  return app.request(`${PUBLIC_URL}${address}`, {
    method,
    headers: {
      ...headers,
      "content-type": body === "json" ? "application/json" : "application/x-www-form-urlencoded",
    },
    body:
      body === "json"
        ? JSON.stringify({
            query: 'mutation { updateProfile(input: { firstName: "Eve" }) { id } }',
            cartId: bagToken,
            firstName: "Eve",
          })
        : "intent=add&js=1",
  });
}

describe("another site's page cannot write with the visitor's cookies", () => {
  test("the walk finds the routes it is meant to (so it cannot pass by walking nothing)", async () => {
    const api = apiWrites().map((route) => `${route.method} ${route.path}`);
    expect(api).toEqual(
      expect.arrayContaining([
        "POST /ecommerce/orders",
        "POST /ecommerce/orders/:number/refund",
        "POST /auth/logout",
        "PATCH /customers/me",
        "POST /graphql",
        "POST /webhooks/stripe",
        "PUT /api/:collection/:id",
      ]),
    );
    expect(await pageWrites()).toEqual(
      expect.arrayContaining(["/bag", "/bag.data", "/checkout", "/logout", "/newsletter", "/my-account?index"]),
    );
  });

  test("every write route of every adapter answers 403 and changes nothing", async () => {
    const before = await fingerprint();
    const through: string[] = [];
    for (const { method, path } of apiWrites()) {
      for (const { what, headers } of crossSite()) {
        const response = await send(method, addressOf(path), headers, "json");
        const text = await response.text();
        if (response.status !== 403 || !text.includes(CROSS_SITE_MESSAGE))
          through.push(`${method} ${path} (${what}): ${response.status}`);
      }
    }
    for (const address of await pageWrites()) {
      for (const { what, headers } of [
        ...crossSite(),
        // A page's form is the shop's own: from another site, not even a guest's post is taken.
        { what: "foreign Origin, no cookie", headers: { origin: FOREIGN } },
      ]) {
        const response = await send("POST", address, headers, "form");
        if (response.status !== 403) through.push(`POST ${address} (${what}): ${response.status}`);
      }
    }
    expect(through).toEqual([]);
    expect(rendered.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});

describe("what must keep working", () => {
  test("the shop's own forms, with and without JavaScript, reach their action", async () => {
    rendered.length = 0;
    // Without JavaScript: a form post names the shop's origin.
    const plain = await send("POST", "/bag", { origin: PUBLIC_URL, cookie: sessionCookie() }, "form");
    expect(plain.status).toBe(200);
    // With JavaScript: React Router's data request, which the browser marks same-origin.
    const fetched = await send("POST", "/bag.data", { "sec-fetch-site": "same-origin", cookie: bagCookie() }, "form");
    expect(fetched.status).toBe(200);
    expect(rendered.map((request) => new URL(request.url).pathname)).toEqual(["/bag", "/bag.data"]);
  });

  test("programs: a Bearer token without Origin, a webhook and a one-click unsubscribe without cookies", async () => {
    rendered.length = 0;
    const profile = await app.request(`${PUBLIC_URL}/customers/me`, {
      method: "PATCH",
      headers: { ...customer.bearer, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Bea" }),
    });
    expect(profile.status).toBe(200);
    // The webhook's signature is checked (and fails here): the guard did not stop it.
    const webhook = await app.request(`${PUBLIC_URL}/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(webhook.status).not.toBe(403);
    const unsubscribe = await app.request(`${PUBLIC_URL}/newsletter/unsubscribe?token=x1`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribe.status).toBe(200);
    expect(rendered.map((request) => new URL(request.url).pathname)).toEqual(["/newsletter/unsubscribe"]);
  });

  test("the visitor's own page may write with the cookie, over REST and GraphQL", async () => {
    const mutation = await app.request(`${PUBLIC_URL}/graphql`, {
      method: "POST",
      headers: { origin: PUBLIC_URL, cookie: sessionCookie(), "content-type": "application/json" },
      body: JSON.stringify({ query: 'mutation { updateProfile(input: { firstName: "Cy" }) { firstName } }' }),
    });
    expect(await mutation.json()).toEqual({ data: { updateProfile: { firstName: "Cy" } } });
    const logout = await app.request(`${PUBLIC_URL}/auth/logout`, {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", cookie: sessionCookie() },
    });
    expect(logout.status).toBe(200);
  });
});
