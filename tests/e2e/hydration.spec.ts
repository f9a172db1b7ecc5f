import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";

/*
 * The server renders repeated parts (product cards, the menu, the filters, the brand slider) once
 * and reuses their HTML (app/lib/html-cache.server.ts). The browser renders the same parts with
 * React and must find exactly that HTML: a mismatch makes React throw the page away and render it
 * again (reported as an error), or, for an attribute, leaves the server's value on screen.
 */

/** Collects the errors a page reports: React reports a hydration mismatch as one. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/**
 * Resolves once every error the page reported so far has reached the test. React reports a
 * mismatch when it commits the hydration, before the effects that make the search box a combobox
 * (`hydrated`); the page's messages reach the test in the order it sends them, so a message sent
 * after that one comes after any such report.
 */
async function allReported(page: Page) {
  const marker = `reported-${Math.random()}`;
  const arrived = page.waitForEvent("console", (message) => message.text() === marker);
  await page.evaluate((text) => console.info(text), marker);
  await arrived;
}

const pages = [
  "/",
  "/shop/gloves",
  "/shop/gloves?size=8&attr.grip=Wet&price_min=20&sort=price-asc",
  "/shop/gloves/solid-lock-max-training-glove",
  "/brands/grip-theory",
  "/search?q=glove",
];

for (const path of pages) {
  test(`${path} hydrates the server's HTML without a mismatch, twice in a row`, async ({ page }) => {
    const errors = errorsOf(page);
    // The second visit gets the parts from the server's cache.
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(path);
      await hydrated(page.locator("main"));
      await allReported(page);
    }
    expect(errors).toEqual([]);
  });
}

test("a product on the compare list shows as such in the grid and the menu marks the current category, from the server on", async ({
  page,
}) => {
  const errors = errorsOf(page);
  await page.goto("/shop/gloves");
  const first = page.getByTestId("product-card").first();
  const name = (await first.locator(".product-card-name").textContent())!.trim();
  await hydrated(first.getByRole("button", { name: `Compare ${name}` }));
  await first.getByRole("button", { name: `Compare ${name}` }).click();
  await expect(first.getByRole("button", { name: `Compare ${name}` })).toHaveAttribute("aria-pressed", "true");
  // The button shows pressed as soon as the change is under way; the header's link counts the
  // list the server answered with, so once it shows, the cookie holds the product.
  await expect(page.getByRole("link", { name: "Compare products (1)" })).toBeVisible();

  // A fresh load renders that card as pressed on the server, and the others as not.
  for (const path of ["/shop/gloves", "/shop/gloves?sort=featured"]) {
    const response = await page.request.get(path);
    const html = await response.text();
    expect(html).toContain(`aria-pressed="true" aria-label="Compare ${name}"`);
    await page.goto(path);
    await hydrated(page.locator("main"));
    await expect(page.getByRole("button", { name: `Compare ${name}` })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("product-card").getByRole("button", { name: /^Compare /, pressed: true })).toHaveCount(1);
    await expect(
      page.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Shop", exact: true }).locator('[aria-current="page"]')).toHaveCount(1);
  }
  // The home page is in no category.
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Shop", exact: true }).locator('[aria-current="page"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
