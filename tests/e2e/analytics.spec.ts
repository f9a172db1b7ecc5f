import { expect, test, type BrowserContext } from "@playwright/test";
import { startShop, type RunningShop } from "../support/shop-server.ts";

/*
 * The optional analytics script (ADR 40). The shared shop runs without settings: no tag, and a
 * policy that names no outside origin. A shop of its own with ANALYTICS_SCRIPT_URL and
 * ANALYTICS_SITE_ID renders Umami's tag on every page, and the browser runs it and lets it report
 * under the page's policy, fresh or from the page cache. The analytics host is played by the
 * browser's request routing: the test needs no network.
 */

const SCRIPT_URL = "https://stats.example.test/script.js";
const SITE_ID = "94db1cb1-74f4-4a40-ad6c-962362670409";

test("without settings, pages carry no analytics tag and their policy names no outside origin", async ({ request }) => {
  for (const path of ["/", "/shop", "/login"]) {
    const response = await request.get(path);
    expect(await response.text(), path).not.toContain("data-website-id");
    const policy = response.headers()["content-security-policy"]!;
    // Scripts from the shop and its own inline ones only; connections to the shop only.
    expect(policy, path).toMatch(/script-src 'self'( '(nonce|sha256)-[^']+')+;/);
    expect(policy, path).toContain("; connect-src 'self';");
  }
});

test.describe("with settings", () => {
  let shop: RunningShop;
  test.beforeAll(async () => {
    shop = await startShop({ env: { ANALYTICS_SCRIPT_URL: SCRIPT_URL, ANALYTICS_SITE_ID: SITE_ID } });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  /** Everything the page's policy blocks in `context`. */
  async function violationsIn(context: BrowserContext): Promise<string[]> {
    const violations: string[] = [];
    await context.exposeBinding("reportViolation", (_source, text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`,
        );
      });
    });
    return violations;
  }

  test("every page carries the tag, and the browser runs the script and lets it report, rendered or cached", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const violations = await violationsIn(context);
    const reports: { website: string; path: string }[] = [];
    // A stand-in for Umami's tracker: it reports the page to its own origin, as the real one does.
    await context.route(SCRIPT_URL, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `fetch("https://stats.example.test/api/send", { method: "POST", mode: "no-cors", body: JSON.stringify({ website: document.currentScript.dataset.websiteId, path: location.pathname }) });`,
      }),
    );
    await context.route("https://stats.example.test/api/send", async (route) => {
      reports.push(JSON.parse(route.request().postData() ?? "{}") as { website: string; path: string });
      await route.fulfill({ status: 200, body: "ok" });
    });
    const page = await context.newPage();

    for (const path of ["/", "/shop", "/"]) {
      const response = await page.goto(`${shop.url}${path}`);
      const policy = response!.headers()["content-security-policy"]!;
      expect(policy).toMatch(/script-src 'self' https:\/\/stats\.example\.test '(nonce|sha256)-/);
      expect(policy).toContain("connect-src 'self' https://stats.example.test;");
      const tag = page.locator("head script[data-website-id]");
      await expect(tag).toHaveAttribute("src", SCRIPT_URL);
      await expect(tag).toHaveAttribute("data-website-id", SITE_ID);
      await expect(tag).toHaveAttribute("defer", "");
      // Path only: some pages carry a token or a code in their query (or hash), never for the analytics.
      await expect(tag).toHaveAttribute("data-exclude-search", "true");
      await expect(tag).toHaveAttribute("data-exclude-hash", "true");
    }
    await expect
      .poll(() => reports.map((r) => `${r.website} ${r.path}`))
      .toEqual([`${SITE_ID} /`, `${SITE_ID} /shop`, `${SITE_ID} /`]);
    expect(violations).toEqual([]);
    await context.close();
  });
});
