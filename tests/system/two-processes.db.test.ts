import { createHash, randomBytes } from "node:crypto";
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { DUTCH_ADDRESS } from "../support/orders.ts";
import { adminQuery } from "../support/pg-admin.ts";
import { startShop, type RunningShop } from "../support/shop-server.ts";
import { startSmtpPeer, type SmtpPeer } from "../support/smtp-peer.ts";

/*
 * The shop as two identical processes over one PostgreSQL and one Redis (issue 13 §3), as a
 * deployment behind a reverse proxy runs it: nothing one process keeps is missing on the other.
 * Only where both answer (.ci/run sets TEST_DATABASE_URL and TEST_REDIS_URL then): the embedded
 * database allows one process, as the first test shows.
 */

const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const deployments = databaseServer && redisUrl ? [{ databaseServer, redisUrl }] : [];

test("on the embedded database, a second process on the same data is refused with a clear message", async () => {
  buildIfStale();
  const first = await startShop({ env: { DEMO_PRODUCTS: "12" } });
  try {
    const second = await startShop({ dataDir: first.dataDir, env: { DEMO_PRODUCTS: "12" }, waitForHealth: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("Stop the shop first");
  } finally {
    await first.stop();
  }
}, 180_000);

describe.each(deployments)("two processes on PostgreSQL and Redis", ({ databaseServer, redisUrl }) => {
  let smtp: SmtpPeer;
  let a: RunningShop;
  let b: RunningShop;
  let databaseUrl: string;
  let env: Record<string, string>;
  const clients: Client[] = [];
  /** Each request from an address of its own (runs share Redis's rate limits), unless a test means to share one. */
  const fresh = () => `10.${randomBytes(3).join(".")}`;

  beforeAll(async () => {
    buildIfStale();
    smtp = await startSmtpPeer();
    const name = `shop_two_${randomBytes(6).toString("hex")}`;
    await adminQuery(databaseServer, `create database ${name}`);
    const url = new URL(databaseServer);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      DEMO_PRODUCTS: "24",
      // Both processes share the secret and the public address, as a deployment's processes do
      // behind one reverse proxy (the address is the session tokens' issuer).
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: "http://shop.localhost",
    };
    // The first migrates and loads the demo shop; the second finds it there.
    a = await startShop({ env });
    b = await startShop({ env });
  }, 300_000);

  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await smtp?.close();
    await adminQuery(databaseServer, `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  });

  async function post(shop: RunningShop, path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${shop.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": fresh(), ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function optionInStock(shop: RunningShop) {
    const listing = (await (await fetch(`${shop.url}/ecommerce/products?in_stock=1&page_size=24`)).json()) as {
      data: { slug: string }[];
    };
    for (const { slug } of listing.data.reverse()) {
      const product = (await (await fetch(`${shop.url}/ecommerce/products/${slug}`)).json()) as {
        data: { id: number; variants: { id: number; stock: number }[] };
      };
      // Enough for every order the tests place of it.
      const option = product.data.variants.find((v) => v.stock >= 20);
      if (option) return { productId: product.data.id, variantId: option.id, stock: option.stock };
    }
    throw new Error("no option in stock");
  }

  async function order(shop: RunningShop, variantId: number, email: string) {
    const cart = await post(shop, "/ecommerce/carts", {});
    const cartId = (cart.body.data as { id: string }).id;
    expect((await post(shop, `/ecommerce/carts/${cartId}/lines`, { variantId, quantity: 1 })).status).toBe(201);
    const placed = await post(shop, "/ecommerce/orders", {
      cartId,
      email,
      shippingAddress: DUTCH_ADDRESS,
      deliveryMethod: "home-standard",
    });
    expect(placed.status).toBe(201);
    return placed.body.data as { number: string };
  }

  test("a subscriber on one process hears of the stock an order on the other took", async () => {
    const option = await optionInStock(a);
    const client = createClient({ url: `${a.url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    clients.push(client);
    const heard: unknown[] = [];
    client.subscribe(
      {
        query: "subscription($id: ID!) { stockChanged(productId: $id) { variantId available } }",
        variables: { id: String(option.productId) },
      },
      { next: (result) => heard.push(result.data), error: () => undefined, complete: () => undefined },
    );
    // Redis tells those subscribed when it publishes: orders go on until the subscriber has heard one.
    await vi.waitFor(
      async () => {
        if (heard.length === 0) await order(b, option.variantId, `live-${Date.now()}@example.com`);
        expect(heard.length).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(heard[0]).toEqual({ stockChanged: { variantId: String(option.variantId), available: true } });
  });

  test("a query registered on one process runs by its hash on the other", async () => {
    const query = "query TwoProcesses { brands { slug } }";
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") } };
    const registered = await post(a, "/graphql", { query, extensions });
    expect(registered.status).toBe(200);
    const byHash = await post(b, "/graphql", { extensions });
    expect(byHash.status).toBe(200);
    expect(byHash.body).toEqual(registered.body);
  });

  test("each order's confirmation is mailed once, whichever process's runner takes it", async () => {
    const option = await optionInStock(b);
    const emails = [0, 1, 2, 3].map((i) => `once-${i}-${Date.now()}@example.com`);
    for (const [i, email] of emails.entries()) await order(i % 2 === 0 ? a : b, option.variantId, email);
    await vi.waitFor(() => expect(smtp.messages.filter((mail) => emails.some((e) => mail.to.includes(e)))).toHaveLength(4), {
      timeout: 30_000,
    });
    for (const email of emails) expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  test("a rate limit counts on both: the sixth failed login in five minutes from one address is refused", async () => {
    const address = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await post(
        i % 2 === 0 ? a : b,
        "/auth/login",
        { identifier: `nobody-${address}@example.com`, password: "not it at all" },
        {
          "x-forwarded-for": address,
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  test("WEB_CONCURRENCY=2 serves from two workers on one port, live connections included, and stops them all on SIGTERM", async () => {
    const pair = await startShop({ env: { ...env, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" } });
    try {
      await vi.waitFor(() => expect(pair.output().match(/"msg":"listening"/g)?.length).toBe(2), { timeout: 60_000 });
      expect((await fetch(`${pair.url}/healthz`)).status).toBe(200);
      const client = createClient({
        url: `${pair.url.replace("http", "ws")}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
      });
      clients.push(client);
      const answer = await new Promise<unknown>((resolve, reject) =>
        client.subscribe({ query: "{ brands { slug } }" }, { next: resolve, error: reject, complete: () => undefined }),
      );
      expect(answer).toMatchObject({ data: { brands: expect.any(Array) } });
    } finally {
      expect(await pair.stop()).toBe(0);
    }
  });

  test("a login on one process is valid on the other, and a logout on the other ends it on the first", async () => {
    const n = randomBytes(4).toString("hex");
    const person = { username: `two${n}`, email: `two${n}@example.com`, password: `both sides of ${n} agree` };
    expect((await post(a, "/api/auth/local/register", person)).status).toBe(200);
    const login = await post(a, "/auth/login", { identifier: person.email, password: person.password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const bearer = { authorization: `Bearer ${login.body.accessToken as string}` };
    const user = async (shop: RunningShop) => (await fetch(`${shop.url}/auth/user`, { headers: bearer })).status;
    expect(await user(a)).toBe(200);
    expect(await user(b)).toBe(200);
    expect((await post(b, "/auth/logout", {}, bearer)).status).toBe(200);
    expect(await user(a)).toBe(401);
  });
});
