import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { keptMails, testServicesConfig, type KeptMails } from "../../../tests/support/services-config.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { ShopEnv } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import { createServices, type Services } from "../../services.ts";
import { subscriptionsApi } from "./subscriptions.ts";

/* The shop API's /subscriptions (ADR 40): one neutral answer to every sign-up, unsubscribing by token, errors in the shop API's shape. */

const PUBLIC_URL = "http://shop.test";
let database: Database;
let services: Services;
let mails: KeptMails;
let app: Hono<ShopEnv>;

beforeAll(async () => {
  database = await createTestDatabase();
  mails = keptMails();
  services = createServices(database, testServicesConfig({ publicUrl: PUBLIC_URL, mailer: mails }));
  // Each test speaks from its own address (X-Forwarded-For), so the per-address limit is its own.
  app = shopApp({ services, database }, { publicUrl: PUBLIC_URL, trustProxy: 1 });
  app.route("/subscriptions", subscriptionsApi());
});

afterAll(async () => {
  await services?.mails.settled();
  await database?.close();
});

let visitors = 0;
function call(method: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request("/subscriptions", {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${++visitors}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as {
    data: null;
    error: { status: number; name: string; message: string; details: Record<string, unknown> };
  };
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(status);
  return body.error;
}

/** The token of the link in the newest mail to `to` that goes to `path`. */
async function tokenMailedTo(to: string, path: string) {
  await services.mails.settled();
  const mail = mails.sent.filter((m) => m.to === to && m.text.includes(path)).at(-1);
  return new URL(mail!.text.match(new RegExp(`http://shop\\.test${path}\\?token=\\S+`))![0]).searchParams.get("token")!;
}

test("POST answers 202 pending for a new address and for a subscribed one alike, and mails only the new one", async () => {
  const fresh = await call("POST", { email: "Keeper.One@Example.com", source: "launch" });
  expect(fresh.status).toBe(202);
  expect(fresh.headers.get("cache-control")).toBe("no-store");
  expect(await fresh.json()).toEqual({ data: { status: "pending" }, meta: {} });
  await services.newsletter.confirm(
    { db: database.db, visitor: { ip: "127.0.0.1" } },
    { token: await tokenMailedTo("keeper.one@example.com", "/newsletter/confirm") },
  );

  // Wrapped in `data` as the content backend's write bodies are, and without a source.
  const again = await call("POST", { data: { email: "keeper.one@example.com" } });
  expect(again.status).toBe(202);
  expect(await again.json()).toEqual({ data: { status: "pending" }, meta: {} });
  await services.mails.settled();
  expect(mails.sent.filter((m) => m.to === "keeper.one@example.com").map((m) => m.subject)).toEqual([
    "Confirm your subscription to the Safe Hands newsletter",
    "Welcome to the Safe Hands newsletter",
  ]);
});

test("POST refuses a bad address and a body that is not JSON, in the shop API's error shape", async () => {
  expect(await errorOf(await call("POST", { email: "nope" }), 400)).toMatchObject({
    name: "ValidationError",
    details: { param: "email" },
  });
  expect(
    await errorOf(await call("POST", "email=a@example.com", { "content-type": "application/x-www-form-urlencoded" }), 415),
  ).toMatchObject({
    name: "UnsupportedMediaTypeError",
  });
});

test("POST from one connection too often is 429 with Retry-After", async () => {
  const from = { "x-forwarded-for": "192.0.2.77" };
  for (let i = 0; i < 10; i++) expect((await call("POST", { email: `many${i}@example.com` }, from)).status).toBe(202);
  const refused = await call("POST", { email: "many10@example.com" }, from);
  expect(await errorOf(refused, 429)).toMatchObject({ name: "RateLimitError" });
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("DELETE with the unsubscribe token unsubscribes, again too; a token that is not genuine is 400; other methods 405", async () => {
  await call("POST", { email: "leaving@example.com" });
  await services.newsletter.confirm(
    { db: database.db, visitor: { ip: "127.0.0.1" } },
    { token: await tokenMailedTo("leaving@example.com", "/newsletter/confirm") },
  );
  const token = await tokenMailedTo("leaving@example.com", "/newsletter/unsubscribe");
  for (let i = 0; i < 2; i++) {
    const response = await call("DELETE", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: "unsubscribed" }, meta: {} });
  }
  expect(await errorOf(await call("DELETE", { token: `${token}x` }), 400)).toMatchObject({ name: "ValidationError" });
  expect(await errorOf(await call("DELETE", {}), 400)).toMatchObject({ details: { param: "token" } });
  const put = await call("PUT", { token });
  expect((await errorOf(put, 405)).details).toEqual({ allow: "POST, DELETE" });
});

test("the consent's source is the API's, whatever the body claims", async () => {
  const sourceOf = async (email: string) =>
    (
      await database.db
        .select({ source: newsletterSubscriptions.source })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
    )[0]?.source;
  for (const [email, source] of [
    ["api.plain@example.com", undefined],
    ["api.footer@example.com", "footer"],
    ["api.launch@example.com", "launch"],
    ["api.account@example.com", "account"],
    ["api.number@example.com", 7],
  ] as const) {
    expect((await call("POST", { email, source })).status, email).toBe(202);
    expect(await sourceOf(email), email).toBe("api");
  }
  expect((await call("POST", { data: { email: "api.wrapped@example.com", source: "launch" } })).status).toBe(202);
  expect(await sourceOf("api.wrapped@example.com")).toBe("api");
});
