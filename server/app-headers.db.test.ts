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

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-https-"));
  const env = parseEnv({ NODE_ENV: "test", PUBLIC_URL: "https://shop.example", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  ({ app } = createApp({
    env,
    database,
    services: createServices(database, testServicesConfig({ dataDir, publicUrl: env.PUBLIC_URL })),
    rateLimits: createRateLimitStore({}),
    logger: { info: () => {}, error: () => {} },
    renderPage: async () => new Response("<p>page</p>", { headers: { "content-type": "text/html" } }),
  }));
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
  const given = await app.request("https://shop.example/ecommerce/products", { headers: { "x-request-id": "edge-7f3a.42" } });
  expect(given.headers.get("x-request-id")).toBe("edge-7f3a.42");
  const odd = await app.request("https://shop.example/", { headers: { "x-request-id": "a b\u00e9<script>" } });
  const fresh = await app.request("https://shop.example/ecommerce/products");
  for (const answer of [odd, fresh]) expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(odd.headers.get("x-request-id")).not.toBe(fresh.headers.get("x-request-id"));
});
