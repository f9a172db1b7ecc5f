import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { API_POLICY, pagePolicy } from "./content-security-policy.ts";
import { scriptNonce, securityHeaders } from "./security-headers.ts";

/** The shop's layout in small: APIs first, then the pages behind scriptNonce. */
function shop(options: { https: boolean; pagePolicy: boolean }) {
  const app = new Hono();
  app.use(securityHeaders(options));
  app.get("/ecommerce/products", (c) => c.json({ data: [] }));
  app.get("/api/connect/keeperid/callback", (c) => {
    c.header("Referrer-Policy", "no-referrer");
    return c.html("<p>Signing you in</p>");
  });
  app.get("/moved", () => Response.redirect("http://localhost/shop", 302));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.onError((_error, c) => c.text("Internal Server Error", 500));
  app.use("*", scriptNonce({ enabled: options.pagePolicy }));
  app.get("*", (c) => c.html(`<script nonce="${c.get("cspNonce")}">1</script>`));
  return app;
}

const COMMON = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

describe("security headers", () => {
  test("every answer says nosniff, DENY and same-origin; HSTS only when the shop is on https", async () => {
    for (const https of [false, true]) {
      const app = shop({ https, pagePolicy: true });
      for (const path of ["/", "/ecommerce/products", "/moved", "/boom"]) {
        const response = await app.request(path);
        const headers = Object.fromEntries(response.headers);
        expect(headers, path).toMatchObject(COMMON);
        expect(headers["strict-transport-security"], path).toBe(https ? "max-age=31536000; includeSubDomains" : undefined);
      }
    }
  });

  test("a page's policy names the nonce its scripts carry, a new one each time; everything else gets the API policy", async () => {
    const app = shop({ https: false, pagePolicy: true });
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await app.request("/shop");
      const nonce = /<script nonce="([^"]+)">/.exec(await response.text())![1]!;
      expect(response.headers.get("content-security-policy")).toBe(pagePolicy(nonce));
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    for (const path of ["/ecommerce/products", "/moved", "/boom"])
      expect((await app.request(path)).headers.get("content-security-policy"), path).toBe(API_POLICY);
  });

  test("HTML from elsewhere than the pages gets the page policy without a nonce; a route's stricter referrer policy stays", async () => {
    const response = await shop({ https: false, pagePolicy: true }).request("/api/connect/keeperid/callback");
    expect(response.headers.get("content-security-policy")).toBe(pagePolicy());
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("under npm run dev pages have no policy (Vite's own inline scripts) and no nonce; the rest keep theirs", async () => {
    const app = shop({ https: false, pagePolicy: false });
    const page = await app.request("/shop");
    expect(page.headers.get("content-security-policy")).toBeNull();
    expect(await page.text()).toBe('<script nonce="undefined">1</script>');
    expect(Object.fromEntries(page.headers)).toMatchObject(COMMON);
    expect((await app.request("/ecommerce/products")).headers.get("content-security-policy")).toBe(API_POLICY);
  });
});
