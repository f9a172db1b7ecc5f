import { expect, test, type APIResponse } from "@playwright/test";

/*
 * Every kind of answer the shop gives carries its security headers (docs/decisions/0028):
 * pages (also the not-found page), page data, each API, images, built assets.
 */

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("same-origin");
  // The e2e shop is on http: no HSTS (the https case is below).
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

/** The policy's directives by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectPagePolicy(response: APIResponse, what: string) {
  const policy = directives(response.headers()["content-security-policy"]);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts[0], what).toBe("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  // This answer's nonce, or the hashes of its scripts when it comes from the page cache.
  expect(scripts.slice(1).length, what).toBeGreaterThan(0);
  for (const source of scripts.slice(1)) expect(source, what).toMatch(/^'(nonce|sha256)-[A-Za-z0-9+/=]+'$/);
  expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(policy.get("object-src"), what).toEqual(["'none'"]);
  expect(policy.get("base-uri"), what).toEqual(["'none'"]);
}

test("pages and the not-found page carry a script policy with a nonce or hashes, never 'unsafe-inline'", async ({ request }) => {
  for (const path of ["/", "/shop/gloves", "/login"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectCommonHeaders(response, path);
    expectPagePolicy(response, path);
  }
  const missing = await request.get("/no-such-page-here");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/html");
  expectCommonHeaders(missing, "404");
  expectPagePolicy(missing, "404");
});

test("a rendered page's nonce is on every inline script it has, and is new for every answer", async ({ request }) => {
  // A cookie keeps the answers out of the anonymous page cache: each one is rendered.
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/shop/gloves", { headers: { cookie: "shop_test=1" } });
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeDefined();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/application\/ld\+json/.test(a));
    expect(scripts.length).toBeGreaterThan(2);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("page data, each API, images, assets and health answers carry the headers and the API policy", async ({ request }) => {
  const home = await (await request.get("/")).text();
  const image = /src="(\/images\/product\/[^"]+)"/.exec(home)![1]!;
  const script = /\/assets\/[^"]+\.js/.exec(home)![0];
  const answers: [string, Promise<APIResponse>, number][] = [
    ["page data", request.get("/shop/gloves.data"), 200],
    ["/api", request.get("/api/users/me"), 401],
    ["/api login", request.post("/api/auth/local", { data: { identifier: "nobody@example.com", password: "wrong guess" } }), 400],
    ["/auth", request.get("/auth/user"), 401],
    ["/ecommerce", request.get("/ecommerce/products?page_size=2"), 200],
    ["/customers", request.get("/customers/me"), 401],
    ["/graphql", request.post("/graphql", { data: { query: "{ categories { name } }" } }), 200],
    ["image", request.get(image), 200],
    ["asset", request.get(script), 200],
    ["health", request.get("/healthz"), 200],
  ];
  for (const [what, pending, status] of answers) {
    const response = await pending;
    expect(response.status(), what).toBe(status);
    expectCommonHeaders(response, what);
    expect(response.headers()["content-security-policy"], what).toBe(API_POLICY);
  }
});
