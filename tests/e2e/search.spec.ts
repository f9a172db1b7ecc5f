import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";

const countOf = async (page: Page) =>
  Number(
    (await page
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: /products?$/ })
      .textContent())!.match(/\d+/)![0],
  );
const cards = (page: Page) => page.getByTestId("product-card");
const inOrder = (prices: number[]) => prices.length > 0 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
const cardNames = (page: Page) => cards(page).locator(".product-card-name").allTextContents();
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search products" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

test("the results page lists products named for the words before those that only mention them", async ({ page }) => {
  const response = await page.goto("/search?q=catch");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Search results for "catch" \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "catch"');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(searchBox(page)).toHaveValue("catch");

  const names = await cardNames(page);
  const named = names.map((name) => /\bcatch\b/i.test(name));
  // Both kinds are on the first page, and every named product comes before every other one.
  expect(named).toContain(true);
  expect(named).toContain(false);
  expect(named.indexOf(false)).toBe(named.lastIndexOf(true) + 1);
  expect(await countOf(page)).toBeGreaterThan(names.length - 1);
});

test("filters, counts and sort apply to the results and keep the search", async ({ page }) => {
  await page.goto("/search?q=glove");
  const all = await countOf(page);
  const filters = page.getByRole("form", { name: "Filters" });
  const brand = filters.getByRole("group", { name: "Brand" }).locator("label:not([data-disabled])").first();
  const brandName = (await brand.locator("span").first().textContent())!;
  const brandCount = Number((await brand.locator(".filter-count").textContent())!.replace(/\D/g, ""));
  expect(brandCount).toBeLessThan(all);
  await brand.click();
  await expect(page).toHaveURL(/[?&]brand=[a-z0-9-]+/);
  await expect(page).toHaveURL(/[?&]q=glove(&|$)/);
  // The facet counted results of the search: that is what the filter leaves.
  await expect.poll(() => countOf(page)).toBe(brandCount);
  for (const shown of await cards(page).locator(".product-card-brand").allTextContents())
    expect(shown.toLowerCase()).toBe(brandName.toLowerCase());

  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/[?&]q=glove(&|$)/);
  // The address changes before the new grid shows: wait for the grid itself to be in order.
  const prices = () =>
    cards(page)
      .locator(".price")
      .evaluateAll((els) => els.map((el) => Number((el.querySelector(".price-sale") ?? el).textContent!.replace(/[^\d.]/g, ""))));
  await expect.poll(async () => inOrder(await prices())).toBe(true);

  await filters.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/search\?q=glove$/);
  await expect.poll(() => countOf(page)).toBe(all);
  await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
});

test("load more appends the next page of results", async ({ page }) => {
  await page.goto("/search?q=glove");
  expect(await countOf(page)).toBeGreaterThan(24);
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards(page)).toHaveCount(48);
  // The next 24 results, not the first ones again.
  const links = await cards(page)
    .locator(".product-card-name a")
    .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  expect(new Set(links).size).toBe(48);
});

test("no search and no results each get a friendly page that leads to the shop", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(page.getByText("What are you looking for?")).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Gloves" })).toHaveAttribute(
    "href",
    "/shop/gloves",
  );

  await page.goto("/search?q=zqxj+wvkp");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "zqxj wvkp"');
  await expect(page.getByText("No products match “zqxj wvkp”.")).toBeVisible();
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Everything" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("bad parameters are ignored, and search pages stay out of the sitemap", async ({ page, request, baseURL }) => {
  const response = await page.goto("/search?q=glove&page=abc&sort=cheapest&price_min=x&brand=Not%20A%20Slug");
  expect(response?.status()).toBe(200);
  expect(await countOf(page)).toBeGreaterThan(0);
  await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
  // A page past the end goes to the last one.
  await page.goto("/search?q=glove&page=999");
  await expect(page).toHaveURL(/page=\d+/);
  expect(Number(new URL(page.url()).searchParams.get("page"))).toBeLessThan(999);

  const sitemap = await (await request.get(`${baseURL}/sitemap.xml`)).text();
  expect(sitemap).toContain("/shop/gloves");
  expect(sitemap).not.toContain("/search");
});

/** The texts the page asks suggestions for, in the order it asks. */
function suggestionTexts(page: Page): string[] {
  const texts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/graphql" || request.method() !== "POST") return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { text?: string } } | null;
    if (body?.operationName === "SearchSuggestions") texts.push(body.variables?.text ?? "");
  });
  return texts;
}

test("one character asks for no suggestions and closes them", async ({ page }) => {
  // The page's clock, so the box's wait for a pause in typing passes on cue.
  await page.clock.install();
  await page.goto("/");
  await hydrated(page.locator("main"));
  const asked = suggestionTexts(page);
  const box = searchBox(page);
  await box.pressSequentially("gl");
  await expect(suggestions(page)).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await box.press("Backspace");
  await expect(suggestions(page)).toBeHidden();
  // Far past the wait: a request for "g" would be sent now...
  await page.clock.runFor(2000);
  // ...before the one for "go", which is sent once its own wait is over.
  const go = page.waitForRequest((request) => new URL(request.url()).pathname === "/graphql");
  await box.press("o");
  await page.clock.runFor(2000);
  expect((await go).postDataJSON()).toMatchObject({ operationName: "SearchSuggestions", variables: { text: "go" } });
  // (A text may be sent twice: once by its persisted query's hash, once in full.)
  expect([...new Set(asked)]).toEqual(["gl", "go"]);
});

test("suggestions appear as you type; the arrow keys and Enter open the highlighted product", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("glove", { delay: 30 });
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = suggestions(page).getByRole("option");
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  await expect(options.last()).toHaveText("See all results for “glove”");
  // Each product shows its picture, name, brand and price, and links to its page.
  const first = options.first();
  await expect(first.locator("img")).toHaveAttribute("src", /^\/images\/product\/96\?src=/);
  await expect(first).toContainText(/Glove/);
  await expect(first).toContainText(/€\d/);
  await expect(first).toHaveAttribute("href", /^\/shop\/[a-z0-9-]+\/[a-z0-9-]+$/);

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id"))!);
  const href = (await second.getAttribute("href"))!;
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(href);
  await expect(suggestions(page)).toBeHidden();
});

test("'See all results' opens the results page for the text typed", async ({ page }) => {
  await page.goto("/shop");
  await searchBox(page).pressSequentially("aero", { delay: 30 });
  await suggestions(page).getByRole("option", { name: "See all results for “aero”" }).click();
  await expect(page).toHaveURL(/\/search\?q=aero$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "aero"');
  await expect(searchBox(page)).toHaveValue("aero");
});

test("Escape and a click elsewhere close the suggestions; Enter without a choice searches", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  await box.pressSequentially("keeper", { delay: 30 });
  await expect(suggestions(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(suggestions(page)).toBeHidden();
  await expect(box).toHaveValue("keeper");
  await page.keyboard.press("ArrowDown");
  await expect(suggestions(page)).toBeVisible();
  // A click outside the search box and its list (the list lies over the page's top, where it opens).
  await page.getByRole("contentinfo").click({ position: { x: 5, y: 5 } });
  await expect(suggestions(page)).toBeHidden();

  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=keeper$/);
  expect(await countOf(page)).toBeGreaterThan(0);
});

test("the GraphQL client is not part of the first page load; the first keystroke loads it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => path.includes("graphql-client"))).toBe(false);
  // A slow machine may pause between keys long enough for a shorter text to be asked first.
  const asked = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === "/graphql" &&
      request.method() === "POST" &&
      (request.postDataJSON() as { variables?: { text?: string } } | null)?.variables?.text === "grip",
  );
  await searchBox(page).pressSequentially("grip", { delay: 30 });
  const request = await asked;
  expect(request.postDataJSON()).toMatchObject({ operationName: "SearchSuggestions", variables: { text: "grip" } });
  expect(scripts.some((path) => path.includes("graphql-client"))).toBe(true);
});

test("on a 320 px screen the search box has its own row and works", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  const box = searchBox(page);
  await expect(box).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await box.pressSequentially("glove", { delay: 30 });
  await expect(suggestions(page).getByRole("option").first()).toBeVisible();
  const list = (await suggestions(page).boundingBox())!;
  expect(list.x).toBeGreaterThanOrEqual(0);
  expect(list.x + list.width).toBeLessThanOrEqual(320);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's form searches, and the results page's filters and pages keep the search", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.fill("glove");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=glove$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "glove"');
    const all = await countOf(page);

    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByRole("group", { name: "Size" }).getByText("9", { exact: true }).click();
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/size=9/);
    await expect(page).toHaveURL(/[?&]q=glove(&|$)/);
    const sized = await countOf(page);
    expect(sized).toBeLessThan(all);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/[?&]q=glove(&|$)/);
    await expect.poll(() => countOf(page)).toBe(sized);
    await expect(cards(page).first()).toBeVisible();
  });
});
