import { expect, test, type APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { featureFlags } from "../../server/db/schema/index.ts";
import { registeredCustomer } from "../support/e2e-visitors.ts";
import { changedDataDir, startShop } from "../support/shop-server.ts";

/*
 * The page guards (ADR 35) on the real server: a page and its `.data` request (what a client-side
 * navigation asks for) get the same answer, before the page's own loader runs.
 */

const noRedirects = { maxRedirects: 0 };

/** Where a `.data` answer sends the browser: React Router encodes the redirect in the body (202). */
async function dataRedirect(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const answer = await request.get(path, { ...noRedirects, headers });
  expect(answer.status(), path).toBe(202);
  const body = await answer.text();
  expect(body).toContain("SingleFetchRedirect");
  return { body, cookies: answer.headers()["set-cookie"] ?? "" };
}

/** A new customer's session cookies, made through the content backend's sign-up API. */
async function customerCookies(request: APIRequestContext, address: string) {
  const { jwt } = await registeredCustomer(request, "", { "x-forwarded-for": address });
  return { cookie: `auth.strategy=local; auth._token.local=${encodeURIComponent(`Bearer ${jwt}`)}` };
}

test("a guest is sent to log in from an account page, and from its data, with the page remembered", async ({ request }) => {
  const page = await request.get("/my-account/order-history?page=2", noRedirects);
  expect(page.status()).toBe(302);
  expect(page.headers().location).toBe("/login");
  expect(decodeURIComponent(page.headers()["set-cookie"] ?? "")).toContain("auth.redirect=/my-account/order-history?page=2");

  const data = await dataRedirect(request, "/my-account/order-history.data?page=2");
  expect(data.body).toContain('"/login"');
  expect(decodeURIComponent(data.cookies)).toContain("auth.redirect=/my-account/order-history?page=2");
});

test("a customer is sent home from the log-in and sign-up pages, and from their data", async ({ request }) => {
  const headers = await customerCookies(request, "192.0.2.201");
  for (const path of ["/login", "/sign-up", "/forgot-password"]) {
    const page = await request.get(path, { ...noRedirects, headers });
    expect(page.status(), path).toBe(302);
    expect(page.headers().location, path).toBe("/");
    expect((await dataRedirect(request, `${path}.data`, headers)).body).toMatch(/"redirect","\/"/);
  }
  // The account pages are theirs.
  expect((await request.get("/my-account", { ...noRedirects, headers })).status()).toBe(200);
  expect((await request.get("/my-account.data", { ...noRedirects, headers })).status()).toBe(200);
});

test("while the owner has turned compare off, its page does not exist, for the page and its data", async () => {
  test.setTimeout(120_000);
  // The shop starts with the flag off (turning it on and off while running is the site module's
  // db test, ADR 76): the guard answers for the page and its data.
  const dataDir = await changedDataDir((db) => db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.key, "compare")));
  const shop = await startShop({ dataDir });
  try {
    const page = await fetch(`${shop.url}/compare-products`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This page could not be found");
    expect((await fetch(`${shop.url}/compare-products.data`)).status).toBe(404);
    // The rest of the shop is open as before.
    expect((await fetch(`${shop.url}/`)).status).toBe(200);
  } finally {
    await shop.stop();
  }
});
