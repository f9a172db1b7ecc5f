import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { newPerson, newVisitor, signUp } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * The shop's pages run under a Content-Security-Policy without 'unsafe-inline' for scripts
 * (docs/decisions/0028). Anything on a page that the policy blocks (an inline script without the
 * nonce, a script whose hash is not in a cached page's policy, a style element, an image from
 * elsewhere) is reported by the browser; these tests fail on any report. Anonymous visitors get
 * pages from the page cache (the policy names the scripts' hashes); visitors with a bag or a login
 * get pages rendered for them (the policy names a nonce).
 */

/** Every violation the browser reports, on any page of the context: the event and the console line. */
async function violationsIn(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("reportViolation", (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}: ${event.sample}`);
    });
  });
  context.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Opens a page and waits until its scripts have run (React hydrated it): a blocked script never gets there. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.ok(), path).toBe(true);
  expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'self' '(nonce|sha256)-/);
  await hydrated(page.locator("main"));
}

const MAIN_PAGES = ["/", "/shop/gloves?size=8&attr.grip=Wet", "/shop/gloves/solid-lock-max-training-glove", "/bag", "/login"];

test("an anonymous visitor's pages, cached or not, run without a single policy violation", async ({ browser }) => {
  const context = await newVisitor(browser);
  const violations = await violationsIn(context);
  const page = await context.newPage();
  // Twice each: the second view comes from the page cache.
  for (const path of [...MAIN_PAGES, ...MAIN_PAGES]) await visit(page, path);

  // A client-side navigation fetches the next page's data and renders it in the browser.
  await visit(page, "/");
  await page.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/gloves$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("a visitor with a bag and a customer in the account area get pages rendered for them, without a policy violation", async ({
  browser,
}) => {
  const context = await newVisitor(browser);
  const violations = await violationsIn(context);
  const page = await context.newPage();

  // A bag: its cookie makes every page personal, rendered for this visitor with a nonce.
  const listing = await page.request.get("/ecommerce/products?in_stock=1&page_size=1");
  const slug = ((await listing.json()) as { data: { slug: string }[] }).data[0]!.slug;
  const product = (await (await page.request.get(`/ecommerce/products/${slug}`)).json()) as {
    data: { variants: { id: number; stock: number }[] };
  };
  const variantId = product.data.variants.find((v) => v.stock > 0)!.id;
  expect((await page.request.post("/bag", { form: { intent: "add", variantId, quantity: 1 }, maxRedirects: 0 })).status()).toBe(
    303,
  );
  for (const path of MAIN_PAGES) await visit(page, path);
  await expect(page.getByTestId("bag-count")).toHaveText("1");

  // Signed up and logged in: the account area.
  await signUp(page, newPerson());
  await expect(page.getByTestId("site-notice")).toContainText("Welcome");
  await visit(page, "/my-account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
  expect(violations).toEqual([]);
});
