import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "../support/held-requests.ts";

const countOf = async (page: Page) =>
  Number(
    (await page
      .getByRole("status")
      .filter({ hasText: /products?$/ })
      .textContent())!.match(/\d+/)![0],
  );
const cards = (page: Page) => page.getByTestId("product-card");
const euros = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("every kind of listing address answers with its own page, and unknown ones with 404", async ({ page }) => {
  const expectations: [string, RegExp][] = [
    ["/shop", /^Shop$/],
    ["/shop/gloves", /^Gloves$/],
    ["/shop/gloves/sale", /^Gloves on sale$/],
    ["/shop/gloves/sub/match", /^Match gloves$/],
    ["/shop/gloves/sub/match/sale", /^Match gloves on sale$/],
    ["/shop/gloves/sub/sale", /^Gloves on sale$/],
    ["/shop/gloves/sub", /^Gloves by type$/],
    ["/shop/gloves/brand", /^Gloves by brand$/],
  ];
  for (const [path, heading] of expectations) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
  }
  for (const path of [
    "/shop/no-such-category",
    "/shop/gloves/sub/no-such-sub",
    "/shop/gloves/brand/no-such-brand",
    "/shop/apparel/sub/match",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
});

test("a category lists its products with breadcrumbs, title and description", async ({ page }) => {
  await page.goto("/shop/gloves/sub/match");
  await expect(page).toHaveTitle(/^Match gloves \| /);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Home", "Shop", "Gloves"]);
  expect(await cards(page).count()).toBeGreaterThan(0);
  await expect(cards(page).first().getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    /^\/shop\/gloves\/[a-z0-9-]+$/,
  );
});

test("sale listings show only reduced products", async ({ page }) => {
  await page.goto("/shop/gloves/sale");
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  expect(await page.locator('[data-testid="product-card"] .price s').count()).toBe(count);
});

test("the brand and type pages of a category lead to their listings", async ({ page }) => {
  await page.goto("/shop/gloves/brand");
  const firstBrand = page.getByRole("main").locator("ul > li > a").first();
  const name = (await firstBrand.locator("span").first().textContent())!;
  await firstBrand.click();
  await expect(page).toHaveURL(/\/shop\/gloves\/brand\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} gloves`);
  for (const brand of await cards(page).locator(".product-card-brand").allTextContents())
    expect(brand.toLowerCase()).toBe(name.toLowerCase());
});

test("filters apply at once, keep their state in the URL, update the counts and come back with back/forward", async ({
  page,
}) => {
  await page.goto("/shop/gloves");
  const all = await countOf(page);
  const filters = page.getByRole("form", { name: "Filters" });

  await filters.getByRole("group", { name: "Size" }).getByText("8", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]size=8(&|$)/);
  await expect.poll(() => countOf(page)).toBeLessThan(all);
  const withSize = await countOf(page);

  const brands = filters.getByRole("group", { name: "Brand" });
  const brand = brands.locator("label:not([data-disabled])").first();
  const brandCount = Number((await brand.locator(".filter-count").textContent())!.replace(/\D/g, ""));
  await brand.click();
  await expect(page).toHaveURL(/[?&]brand=[a-z0-9-]+/);
  // The brand's count was already given the size filter: it is what we now see.
  await expect.poll(() => countOf(page)).toBe(brandCount);

  // An option that would leave nothing is disabled, not hidden.
  expect(await filters.locator("label[data-disabled] input[disabled]").count()).toBeGreaterThan(0);

  await page.goBack();
  await expect(page).not.toHaveURL(/brand=/);
  await expect.poll(() => countOf(page)).toBe(withSize);
  await expect(filters.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: /^8/ })).toBeChecked();
  await page.goForward();
  await expect.poll(() => countOf(page)).toBe(brandCount);

  await filters.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/shop\/gloves$/);
  await expect.poll(() => countOf(page)).toBe(all);
});

test("the price range filters by the lowest price", async ({ page }) => {
  await page.goto("/shop/gloves");
  await page.getByLabel("Lowest price").first().fill("60");
  await page.getByLabel("Highest price").first().fill("90");
  await page.getByLabel("Highest price").first().press("Enter");
  await expect(page).toHaveURL(/price_min=60/);
  await expect(page).toHaveURL(/price_max=90/);
  // The address changes before the new grid shows: wait for a grid of only such prices.
  const prices = async () =>
    (await cards(page).locator(".price > :not(s):not(.sr-only), .price:not(:has(span))").allTextContents()).map(euros);
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length > 0 && shown.every((price) => price >= 60 && price <= 90);
    })
    .toBe(true);
});

test("sorting by price orders the grid, and load more appends the next page", async ({ page }) => {
  await page.goto("/shop/gloves");
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  // The price a shopper pays: the sale price when there is one. The address changes a moment
  // before React shows the new grid, so this waits for the grid.
  const shownPrices = async () =>
    (
      await cards(page)
        .locator(".price")
        .evaluateAll((els) => els.map((el) => (el.querySelector(".price-sale") ?? el).textContent ?? ""))
    ).map((p) => Number(p.replace(/[^\d.]/g, "")));
  await expect
    .poll(async () => {
      const numbers = await shownPrices();
      return numbers.length > 0 && numbers.every((n, i) => i === 0 || numbers[i - 1]! <= n);
    })
    .toBe(true);

  expect(await cards(page).count()).toBe(24);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards(page)).toHaveCount(48);
});

test("a sort chosen while the page's scripts are still loading applies once they run", async ({ page }) => {
  // A slow connection: the page is readable before its scripts arrive, and a shopper may choose
  // a sort in the meantime. Their choice must survive the page coming alive.
  const release = await holdRequests(page, "**/assets/**/*.js");
  await page.goto("/shop/gloves", { waitUntil: "commit" });
  await page.getByLabel("Sort by").selectOption("price-asc");
  release();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a form that submits, and pages are links", async ({ page }) => {
    await page.goto("/shop/gloves");
    const all = await countOf(page);
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByRole("group", { name: "Size" }).getByText("9", { exact: true }).click();
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/size=9/);
    await expect.poll(() => countOf(page)).toBeLessThan(all);

    await page.goto("/shop/gloves");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("sorting works with its button", async ({ page }) => {
    await page.goto("/shop/gloves");
    await page.getByLabel("Sort by").selectOption("name");
    await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/sort=name/);
    const names = await cards(page).locator(".product-card-name").allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

test("sitemap.xml lists the listing pages and robots.txt points at it", async ({ request, baseURL }) => {
  const sitemap = await request.get(`${baseURL}/sitemap.xml`);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/shop/gloves/sub/match</loc>`);
  expect(xml).toMatch(/<loc>[^<]+\/shop\/gloves\/brand\/[a-z0-9-]+<\/loc>/);
  expect(xml).not.toMatch(/my-account|order-history|\/404|\/icons|\/bag<|\/compare-products/);
  // Every address in it answers: the listings first, then a sample of the product pages.
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const productPages = locs.filter((loc) => /\/shop\/[a-z0-9-]+\/[a-z0-9-]+$/.test(loc) && !/\/(sale|sub|brand)$/.test(loc));
  expect(productPages.length).toBeGreaterThan(250);
  for (const loc of [...locs.slice(0, 30), ...productPages.slice(0, 10)]) {
    expect((await request.get(loc)).status(), loc).toBe(200);
  }
  const robots = await (await request.get(`${baseURL}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /my-account");
});

test("the home page's brand slider leads to the brand's page: its story and its products, with filters", async ({ page }) => {
  await page.goto("/");
  const tile = page.getByTestId("brand-slider").getByRole("link").first();
  const name = (await tile.textContent())!.trim();
  await tile.click();
  await expect(page).toHaveURL(/\/brands\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("main").locator("header p").first()).not.toBeEmpty();
  for (const brand of await cards(page).locator(".product-card-brand").allTextContents())
    expect(brand.toLowerCase()).toBe(name.toLowerCase());
  const filters = page.getByRole("form", { name: "Filters" });
  // A brand may sell gloves and boots alike: its sizes come in one list per kind (ADR 81).
  await expect(filters.getByRole("group", { name: /size/i }).first()).toBeVisible();
  expect((await page.goto("/brands/no-such-brand"))?.status()).toBe(404);
});

test("the shop's root opens with the categories as picture tiles, and lists each kind of size apart", async ({ page }) => {
  await page.goto("/shop");
  const tiles = page.getByRole("navigation", { name: "Shop by category" }).getByTestId("category-tile");
  await expect(tiles.first()).toBeVisible();
  await expect(tiles.filter({ hasText: "Gloves" })).toHaveAttribute("href", "/shop/gloves");
  const filters = page.getByRole("form", { name: "Filters" });
  // Glove, junior, clothing and shoe sizes: four lists, not one of every size the shop has.
  const gloves = filters.getByRole("group", { name: "Glove sizes" });
  const shoes = filters.getByRole("group", { name: "Shoe sizes" });
  await expect(gloves).toBeVisible();
  await expect(shoes).toBeVisible();
  await expect(filters.getByRole("group", { name: "Clothing sizes" })).toBeVisible();
  await expect(gloves.getByText("EU 41")).toHaveCount(0);
  await expect(shoes.getByText("EU 41")).toBeVisible();

  // In a category, one list of its own sizes, without the others.
  await tiles.filter({ hasText: "Gloves" }).click();
  await expect(page).toHaveURL(/\/shop\/gloves$/);
  await expect(filters.getByRole("group", { name: "Size", exact: true })).toBeVisible();
  await expect(filters.getByRole("group", { name: "Size", exact: true }).getByText("EU 41")).toHaveCount(0);
  await expect(filters.getByRole("group", { name: "Size", exact: true }).getByText(/^XL$/)).toHaveCount(0);
});

test("the price slider moves the price fields and applies when let go", async ({ page }) => {
  await page.goto("/shop/gloves");
  const slider = page.getByRole("slider", { name: "Lowest price, slider" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/price_min=\d+/);
  const chosen = Number(new URL(page.url()).searchParams.get("price_min"));
  await expect(page.getByRole("spinbutton").first()).toHaveValue(String(chosen));
  // Back to the unfiltered listing: the fields follow the address.
  await page.goBack();
  await expect(page).not.toHaveURL(/price_min/);
  await expect(page.getByRole("spinbutton").first()).toHaveValue("");
});

test("changing a filter keeps the scroll position; entering a listing starts at the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gloves");
  // The page transition (and the scroll to the top inside it) has run its course.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const colour = page.getByRole("group", { name: "Colour" }).locator("label:not([data-disabled])").first();
  await colour.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await colour.click();
  await expect(page).toHaveURL(/colour=/);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});

test("pages added with load more are still there on Back, and so is the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/shop/gloves");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards(page)).toHaveCount(48);
  const deep = cards(page).nth(40);
  await deep.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(2000);
  await deep.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/shop\/gloves\/[a-z0-9-]+$/);
  await page.goBack();
  await expect(cards(page)).toHaveCount(48);
  await expect.poll(() => page.evaluate((before) => Math.abs(window.scrollY - before), y)).toBeLessThanOrEqual(10);
});
