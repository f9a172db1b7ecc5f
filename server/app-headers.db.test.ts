import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { testServicesConfig } from "../tests/support/services-config.ts";
import { createApp } from "./app.ts";
import type { Database } from "./db/client.ts";
import { parseEnv } from "./env.ts";
import { createRateLimitStore } from "./modules/rate-limit/index.ts";
import { createServices } from "./services.ts";

/*
 * Headers the app sets on its answers. A shop whose public address is https tells browsers to use
 * nothing else: the app takes that from PUBLIC_URL for every kind of answer (health, the APIs, the
 * pages); the header's own rules are http/security-headers.test.ts's. Each request has an id.
 */

let database: Database;
let dataDir: string;
let app: ReturnType<typeof createApp>["app"];
/** The same shop behind one proxy it trusts. */
let behindProxy: typeof app;

/** The app on https://shop.example, with more settings. */
function shopApp(settings: Record<string, string> = {}) {
  const env = parseEnv({
    NODE_ENV: "test",
    PUBLIC_URL: "https://shop.example",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...settings,
  });
  return createApp({
    env,
    database,
    services: createServices(database, testServicesConfig({ dataDir, publicUrl: env.PUBLIC_URL })),
    rateLimits: createRateLimitStore({}),
    logger: { info: () => {}, error: () => {} },
    renderPage: async () => new Response("<p>page</p>", { headers: { "content-type": "text/html" } }),
  }).app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-https-"));
  app = shopApp();
  behindProxy = shopApp({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a shop on https sends Strict-Transport-Security with every answer", async () => {
  for (const path of ["/healthz", "/ecommerce/products", "/"]) {
    const response = await app.request(`https://shop.example${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-frame-options"), path).toBe("DENY");
  }
});

test("the APIs' and pages' answers name their request: the proxy's X-Request-Id when it is plain, else a new one", async () => {
  const given = await behindProxy.request("https://shop.example/ecommerce/products", {
    headers: { "x-request-id": "edge-7f3a.42" },
  });
  expect(given.headers.get("x-request-id")).toBe("edge-7f3a.42");
  const odd = await behindProxy.request("https://shop.example/", { headers: { "x-request-id": "a b\u00e9<script>" } });
  // With no proxy in front, the header is the client's: a new id all the same.
  const direct = await app.request("https://shop.example/ecommerce/products", { headers: { "x-request-id": "edge-7f3a.42" } });
  const fresh = await app.request("https://shop.example/ecommerce/products");
  for (const answer of [odd, direct, fresh]) expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set([odd, direct, fresh].map((answer) => answer.headers.get("x-request-id"))).size).toBe(3);
});
