import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startShop } from "../support/shop-server.ts";

// These tests start their own servers; they need no browser.

/** How many product pictures the demo shop's loading has drawn into a data folder so far. */
const productPictures = (dataDir: string) => {
  const folder = join(dataDir, "media", "products");
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".webp")).length : 0;
};

test("GET /healthz says whether the database answers", async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL}/healthz`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "up" });
});

test("built assets are served compressed with long-lived cache headers", async ({ request, baseURL }) => {
  const html = await (await request.get(`${baseURL}/`)).text();
  const script = html.match(/\/assets\/[^"]+\.js/)![0];
  const response = await request.get(`${baseURL}${script}`, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
  expect((await request.get(`${baseURL}/assets/missing.js`)).status()).toBe(404);
});

test("a bad setting stops the start with a message naming each variable", async () => {
  // One start for several bad settings: each rule of the settings is a unit test (server/env.test.ts).
  const bad = { PORT: "eighty", CURRENCY: "EURO", DATABASE_URL: "mysql://localhost/shop" };
  const shop = await startShop({ env: bad, waitForHealth: false });
  expect(await shop.exited).toBe(1);
  expect(shop.output()).toContain("Invalid configuration");
  for (const name of Object.keys(bad)) expect(shop.output()).toContain(`${name}:`);
});

test("logs one structured line per request and keeps generated secrets out of the log", async () => {
  // A first start (a small shop, not the snapshot): the secrets are made while it logs.
  const shop = await startShop({ env: { LOG_LEVEL: "info", DEMO_PRODUCTS: "4" } });
  try {
    await fetch(`${shop.url}/no-such-page`);
    await expect.poll(() => shop.output()).toContain('"path":"/no-such-page"');
    const line = shop
      .output()
      .split("\n")
      .find((l) => l.includes('"path":"/no-such-page"'))!;
    expect(JSON.parse(line)).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/no-such-page", status: 404 });
    expect(typeof JSON.parse(line).durationMs).toBe("number");

    const secretsFile = join(shop.dataDir, "secrets.json");
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const { sessionSecret } = JSON.parse(readFileSync(secretsFile, "utf8")) as { sessionSecret: string };
    expect(sessionSecret.length).toBeGreaterThanOrEqual(40);
    expect(shop.output()).not.toContain(sessionSecret);
  } finally {
    await shop.stop();
  }
});

test("SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0", async () => {
  const shop = await startShop();
  const socket = connect(shop.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let response = "";
  socket.on("data", (chunk) => (response += chunk.toString()));
  const ended = new Promise((resolve) => socket.once("end", resolve));
  // The request has started but is not complete when the signal arrives.
  socket.write("GET / HTTP/1.1\r\nHost: shop\r\n");
  // A request sent after those bytes, on a connection of its own, answered: by then the server has
  // read them, and the first connection has a request in flight.
  expect((await fetch(`${shop.url}/healthz`, { headers: { connection: "close" } })).status).toBe(200);
  const exited = shop.stop("SIGTERM");
  // New connections are refused once the signal is handled.
  await expect
    .poll(() =>
      fetch(`${shop.url}/healthz`, { headers: { connection: "close" } }).then(
        () => "accepted",
        () => "refused",
      ),
    )
    .toBe("refused");
  socket.write("Connection: close\r\n\r\n");
  await ended;
  expect(response).toMatch(/^HTTP\/1\.1 200/);
  expect(response).toContain("</html>");
  expect(await exited).toBe(0);
});

test("after a SIGKILL in the middle of loading the demo shop, the data reopens intact", async () => {
  test.setTimeout(240_000);
  const first = await startShop({ env: { LOG_LEVEL: "info", DEMO_PRODUCTS: "4000" }, waitForHealth: false });
  await expect.poll(() => first.output(), { timeout: 60_000 }).toContain("loading the demo shop");
  // Killed once its first product pictures are drawn: the demo shop is half loaded.
  await expect.poll(() => productPictures(first.dataDir), { timeout: 60_000 }).toBeGreaterThan(0);
  await first.stop("SIGKILL");
  expect(existsSync(join(first.dataDir, "db"))).toBe(true);

  // The loading starts over on the next start; a smaller shop keeps this test short, and its first
  // products are the ones whose pictures the killed start was drawing.
  const second = await startShop({ dataDir: first.dataDir, env: { DEMO_PRODUCTS: "40" } });
  try {
    expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({ status: "ok", database: "up" });
    const home = await (await fetch(`${second.url}/`)).text();
    expect(home).toContain('data-testid="product-card"');
  } finally {
    expect(await second.stop("SIGTERM")).toBe(0);
  }

  // Killed again while serving, it reopens once more with everything in place.
  const third = await startShop({ dataDir: first.dataDir });
  const requests = Array.from({ length: 20 }, () => fetch(`${third.url}/`).catch(() => null));
  await third.stop("SIGKILL");
  await Promise.all(requests);
  const fourth = await startShop({ dataDir: first.dataDir });
  try {
    expect((await fetch(`${fourth.url}/`)).status).toBe(200);
  } finally {
    await fourth.stop();
  }
});
