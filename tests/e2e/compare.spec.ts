import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";

const FULL = "You can compare up to 4 products. Remove one to add another.";
// Match gloves share their type, so "differences only" always has a row to hide.
const GRID = "/shop/gloves/sub/match";

const cards = (page: Page) => page.getByTestId("product-card");
const cardName = async (card: Locator) => (await card.locator(".product-card-name").textContent())!.trim();
const toggleOf = (card: Locator) => card.getByRole("button", { name: /^Compare / });
const compareLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Compare products/ });
const columns = (page: Page) => page.getByTestId("compare-product");
const columnNames = (page: Page) => columns(page).locator(".compare-name").allTextContents();
const toast = (page: Page, kind: "success" | "error") => page.locator(`[data-toast="${kind}"]`);
const row = (page: Page, label: string) =>
  page.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });

/** Adds the grid's first `count` products from `path` with the page's script; returns their names. */
async function addFromGrid(page: Page, count: number, path = GRID): Promise<string[]> {
  await page.goto(path);
  await hydrated(toggleOf(cards(page).first()));
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const card = cards(page).nth(i);
    names.push(await cardName(card));
    await toggleOf(card).click();
    await expect(toggleOf(card)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(compareLink(page)).toHaveAccessibleName(`Compare products (${count})`);
  return names;
}

test("products go on the compare list from the grid, a fifth gets a clear message, and the page shows them side by side", async ({
  page,
}) => {
  await page.goto(GRID);
  await expect(compareLink(page)).toHaveCount(0);
  const first = cards(page).first();
  await hydrated(toggleOf(first));
  await expect(toggleOf(first)).toHaveAttribute("aria-pressed", "false");

  const name = await cardName(first);
  await toggleOf(first).click();
  await expect(toast(page, "success")).toContainText(`${name} is ready to compare.`);
  await expect(toggleOf(first)).toHaveAttribute("aria-pressed", "true");
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (1)");

  // A second product, and two more: four in all.
  const names = [name];
  for (let i = 1; i < 4; i++) {
    names.push(await cardName(cards(page).nth(i)));
    await toggleOf(cards(page).nth(i)).click();
  }
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (4)");

  const fifth = cards(page).nth(4);
  await toggleOf(fifth).click();
  await expect(toast(page, "error")).toHaveText(FULL);
  await expect(toggleOf(fifth)).toHaveAttribute("aria-pressed", "false");
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (4)");
  await expect(page).toHaveURL(new RegExp(`${GRID}$`));

  await compareLink(page).click();
  await expect(page).toHaveURL(/\/compare-products$/);
  await expect(page).toHaveTitle(/^Compare products \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare products");
  expect(await columnNames(page)).toEqual(names);
  for (const label of ["Brand", "Type", "Price", "Sizes", "Colours", "Availability"]) {
    await expect(row(page, label).getByRole("cell")).toHaveCount(4);
  }
  await expect(row(page, "Price").getByRole("cell").first()).toContainText("€");
  await expect(row(page, "Type").getByRole("cell")).toHaveText(Array(4).fill("Match gloves"));
  for (const link of await columns(page).locator(".compare-name").all()) {
    await expect(link).toHaveAttribute("href", /^\/shop\/gloves\/[a-z0-9-]+$/);
  }
});

test("a product page puts its product on the list too, and the comparison links back to it", async ({ page }) => {
  await page.goto(GRID);
  const link = cards(page).nth(1).locator(".product-card-name a");
  const path = (await link.getAttribute("href"))!;
  await page.goto(path);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const toggle = page.getByRole("button", { name: `Compare ${name}`, exact: true });
  await hydrated(toggle);
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toast(page, "success")).toContainText(`${name} is ready to compare.`);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (1)");

  await page.goto("/compare-products");
  await expect(columns(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
});

test("'show differences only' hides the rows where all products agree, in a shareable address", async ({ page }) => {
  await addFromGrid(page, 3);
  await page.goto("/compare-products");
  await hydrated(page.getByRole("checkbox", { name: "Show differences only" }));

  const rows = page.locator("tbody tr");
  const all: { label: string; same: boolean }[] = [];
  for (const tr of await rows.all()) {
    const cells = await tr.getByRole("cell").allTextContents();
    all.push({ label: (await tr.getByRole("rowheader").textContent())!, same: cells.every((c) => c === cells[0]) });
  }
  expect(all.some((r) => r.same)).toBe(true);

  await page.getByRole("checkbox", { name: "Show differences only" }).check();
  await expect(page).toHaveURL(/\/compare-products\?diff=1$/);
  await expect(rows).toHaveCount(all.filter((r) => !r.same).length);
  await expect(rows.getByRole("rowheader")).toHaveText(all.filter((r) => !r.same).map((r) => r.label));
  await expect(page.getByLabel("Share this comparison")).toHaveValue(
    /\/compare-products\?products=[a-z0-9-]+(,[a-z0-9-]+){2}&diff=1$/,
  );

  await page.getByRole("checkbox", { name: "Show differences only" }).uncheck();
  await expect(page).toHaveURL(/\/compare-products$/);
  await expect(rows).toHaveCount(all.length);
});

test("the shared address opens the same comparison in another browser, which can keep it", async ({ page, browser }) => {
  const names = await addFromGrid(page, 3);
  await page.goto("/compare-products");
  const shareField = page.getByLabel("Share this comparison");
  await hydrated(shareField);
  const address = await shareField.inputValue();
  expect(address).toMatch(/^http:\/\/[^/]+\/compare-products\?products=/);

  // The copy button puts the address on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "success")).toContainText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const other = await browser.newContext();
  try {
    const friend = await other.newPage();
    await friend.goto(address);
    await expect(friend.getByRole("heading", { level: 1 })).toHaveText("Shared comparison");
    expect(await columnNames(friend)).toEqual(names);
    // Looking is not keeping: the friend's own list is still empty.
    await expect(compareLink(friend)).toHaveCount(0);

    await hydrated(friend.getByRole("button", { name: "Keep this comparison" }));
    await friend.getByRole("button", { name: "Keep this comparison" }).click();
    await expect(toast(friend, "success")).toContainText("These products are now your compare list.");
    await expect(compareLink(friend)).toHaveAccessibleName("Compare products (3)");
    await expect(friend.getByText("These are the products on your compare list.")).toBeVisible();
    await friend.goto("/compare-products");
    expect(await columnNames(friend)).toEqual(names);
  } finally {
    await other.close();
  }
});

test("the list is still there on a later visit: a new browser with the same cookies", async ({ page, browser }) => {
  const names = await addFromGrid(page, 2);
  const cookie = (await page.context().cookies()).find((c) => c.name === "compare");
  expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(179);

  const later = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const visit = await later.newPage();
    await visit.goto(GRID);
    await expect(compareLink(visit)).toHaveAccessibleName("Compare products (2)");
    await expect(toggleOf(cards(visit).nth(0))).toHaveAttribute("aria-pressed", "true");
    await expect(toggleOf(cards(visit).nth(2))).toHaveAttribute("aria-pressed", "false");
    await visit.goto("/compare-products");
    expect(await columnNames(visit)).toEqual(names);
  } finally {
    await later.close();
  }
});

test("products leave the list from the grid and from the comparison, and 'clear all' empties it", async ({ page }) => {
  const names = await addFromGrid(page, 3);

  // Off again from the grid.
  await toggleOf(cards(page).nth(2)).click();
  await expect(toast(page, "success").filter({ hasText: `${names[2]} was removed from compare.` })).toBeVisible();
  await expect(toggleOf(cards(page).nth(2))).toHaveAttribute("aria-pressed", "false");
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (2)");

  await compareLink(page).click();
  await expect(page).toHaveURL(/\/compare-products$/);
  const remove = page.getByRole("button", { name: `Remove ${names[0]}` });
  await hydrated(remove);
  await remove.click();
  await expect(toast(page, "success").filter({ hasText: names[0]! })).toBeVisible();
  await expect(columns(page)).toHaveCount(1);
  expect(await columnNames(page)).toEqual([names[1]]);
  await expect(page).toHaveURL(/\/compare-products$/);
  await expect(compareLink(page)).toHaveAccessibleName("Compare products (1)");

  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(toast(page, "success").filter({ hasText: "Your compare list is empty." })).toBeVisible();
  await expect(page.getByText("Pick up to 4 products")).toBeVisible();
  await expect(compareLink(page)).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Go to the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("a damaged cookie is an empty list and a bad request a clear error, never a crash", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "compare", value: "1.x.%%%.-5", url: baseURL! }]);
  const response = await page.goto("/compare-products");
  expect(response?.status()).toBe(200);

  const bad = await page.request.post("/compare-products", {
    form: { intent: "add", productId: "not-a-number" },
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("That compare request could not be understood.");

  const unknown = await page.request.post("/compare-products", {
    form: { intent: "add", productId: "2000000000", returnTo: "https://evil.example/" },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(303);
  expect(unknown.headers().location).toBe("/compare-products");
  await page.goto("/compare-products");
  await expect(page.getByRole("alert")).toContainText("This product is no longer available to compare.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole compare flow works with plain forms and links", async ({ page }) => {
    await page.goto(GRID);
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const card = cards(page).nth(i);
      names.push(await cardName(card));
      await toggleOf(card).click();
      // Back on the same grid, with what happened said on the page.
      await expect(page).toHaveURL(new RegExp(`${GRID}$`));
      await expect(page.getByRole("status").filter({ hasText: `${names[i]} is ready to compare.` })).toBeVisible();
      await expect(toggleOf(cards(page).nth(i))).toHaveAttribute("aria-pressed", "true");
    }
    await toggleOf(cards(page).nth(4)).click();
    await expect(page).toHaveURL(new RegExp(`${GRID}$`));
    await expect(page.getByRole("alert")).toContainText(FULL);
    await expect(toggleOf(cards(page).nth(4))).toHaveAttribute("aria-pressed", "false");
    // The notice is shown once.
    await page.reload();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await compareLink(page).click();
    // Without JavaScript each step loads a page: read it once it has all its columns.
    await expect.poll(() => columnNames(page)).toEqual(names);
    const rowCount = await page.locator("tbody tr").count();

    await page.getByRole("checkbox", { name: "Show differences only" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/compare-products\?diff=1$/);
    await expect.poll(() => page.locator("tbody tr").count()).toBeLessThan(rowCount);
    await expect(row(page, "Type")).toHaveCount(0);
    await expect(page.getByLabel("Share this comparison")).toHaveValue(/\?products=.+&diff=1$/);

    await page.getByRole("button", { name: `Remove ${names[1]}` }).click();
    await expect(page).toHaveURL(/\/compare-products\?diff=1$/);
    await expect(page.getByRole("status").filter({ hasText: `${names[1]} was removed from compare.` })).toBeVisible();
    await expect.poll(() => columnNames(page)).toEqual([names[0], names[2], names[3]]);

    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(page.getByText("Pick up to 4 products")).toBeVisible();
    await expect(compareLink(page)).toHaveCount(0);
  });
});
