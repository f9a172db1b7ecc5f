import { expect, test } from "@playwright/test";

test("the home page shows the tagline, featured products from the database and the brands", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("for every keeper, everywhere, always");

  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  // Each card names a product and its brand, shows a price and links to the product.
  const first = cards.first();
  await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute("href", /^\/shop\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await expect(first.getByText(/€\d+\.\d{2}/).first()).toBeVisible();
  // Card images come resized from the image endpoint, in a srcset. The card's picture (a second,
  // decorative one shows on hover) loads once a shopper scrolls to it: the hero comes first.
  const image = first.locator("img:not([data-testid=card-hover-image])");
  await expect(image).toHaveAttribute("loading", "lazy");
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/product\/\d+\?src=%2Fmedia%2F/);
  const rendering = await page.request.get((await image.getAttribute("src"))!);
  expect(rendering.headers()["content-type"]).toBe("image/webp");
  expect(rendering.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await page.request.get("/images/product/480?src=https://elsewhere.example/x.png")).status()).toBe(400);

  const slider = page.getByTestId("brand-slider");
  expect(await slider.getByRole("link").count()).toBeGreaterThanOrEqual(12);
});

test("the home page's campaign: the drawn hero asked for first, two ways in, categories, the newsroom and the membership offer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const hero = page.getByRole("region", { name: "for every keeper, everywhere, always" });
  const picture = hero.locator("picture img");
  // The largest thing on a first visit: asked for first, its box known before it arrives.
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  await expect(picture).toHaveAttribute("width", /\d+/);
  await expect(picture).toHaveAttribute("height", /\d+/);
  await expect(picture).toHaveAttribute("sizes", "100vw");
  await expect(picture).toHaveAttribute("src", /^\/images\/cover\/\d+\?src=%2Fmedia%2Fart%2Fhero%2Fhome\.webp$/);
  // A phone gets the portrait crop.
  await expect(hero.locator("picture source")).toHaveAttribute("srcset", /art%2Fhero%2Fhome-portrait\.webp/);
  await expect(hero.locator("picture source")).toHaveAttribute("media", "(max-width: 1023px)");
  for (const [name, href] of [
    ["Shop gloves", "/shop/gloves"],
    ["Join the membership", "/membership"],
  ] as const) {
    const link = hero.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  const tiles = page.getByRole("region", { name: "Shop by category" }).getByRole("link");
  await expect(tiles.first()).toHaveAttribute("href", /^\/shop\/[a-z-]+$/);
  expect(await tiles.count()).toBeGreaterThanOrEqual(4);

  const newsroom = page.getByRole("region", { name: "From the newsroom" });
  await expect(newsroom.getByTestId("news-tile")).toHaveCount(3);
  await expect(newsroom.getByTestId("news-tile").first()).toHaveAttribute("data-lead", "true");
  // No picture twice on one page.
  const covers = await newsroom.locator("img").evaluateAll((images) => images.map((img) => img.getAttribute("src")));
  expect(new Set(covers).size).toBe(covers.length);

  const offer = page.getByRole("region", { name: "Keepers' Club Pro" });
  await expect(offer).toContainText("€49.00 a year");
  await expect(offer.getByRole("link", { name: "Join the membership" })).toHaveAttribute("href", "/membership");

  // The trust bar under the header: the shop's reassurances, each linked to where it is explained.
  const trust = page.getByRole("region", { name: "Why shop with us" });
  await expect(trust.getByRole("listitem")).toHaveText(["Free NL delivery from €50", "30-day returns", "Secure payment", "Members' prices"]);
  await expect(trust.getByRole("link", { name: "30-day returns" })).toHaveAttribute("href", "/returns-policy");
  await expect(trust.getByRole("link", { name: "Members' prices" })).toHaveAttribute("href", "/membership");
  // The footer's ways to pay: what the shop takes (cards too, since this shop has card payments).
  await expect(page.getByRole("list", { name: "Ways to pay" }).getByRole("listitem")).toHaveText(["Bank transfer", "Bank app", "Cards"]);
});

test("every page carries the shop's metadata", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/Safe Hands/);
  const meta = (selector: string) => page.locator(selector).getAttribute("content");
  expect(await meta('meta[property="og:site_name"]')).toBe("Safe Hands");
  expect(await meta('meta[property="og:type"]')).toBe("website");
  expect(await meta('meta[name="description"]')).toBeTruthy();
  const image = new URL((await meta('meta[property="og:image"]'))!);
  expect(image.pathname).toBe("/media/art/share.png");
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${process.env.SHOP_URL}/`);

  // The drawn share image, as a PNG (which every site that shows link previews reads), 1200 x 630.
  const share = await page.request.get(image.pathname);
  expect(share.headers()["content-type"]).toBe("image/png");
  const png = await share.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("the brand slider scrolls by keyboard, by its buttons and by mouse drag", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/");
  const slider = page.getByTestId("brand-slider");
  await slider.scrollIntoViewIfNeeded();
  const scrollLeft = () => slider.evaluate((el) => el.scrollLeft);
  expect(await scrollLeft()).toBe(0);

  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(scrollLeft).toBeGreaterThan(100);
  await page.keyboard.press("Home");
  await expect.poll(scrollLeft).toBe(0);

  await page.getByRole("button", { name: "Next brands" }).click();
  await expect.poll(scrollLeft).toBeGreaterThan(100);
  await page.getByRole("button", { name: "Previous brands" }).click();
  await expect.poll(scrollLeft).toBe(0);

  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(scrollLeft).toBeGreaterThan(100);
  // The drag did not follow the link under the pointer.
  await expect(page).toHaveURL(/\/$/);
});

test("the page fits a 320 px wide screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
