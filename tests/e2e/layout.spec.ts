import { expect, test, type Browser, type Page } from "@playwright/test";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * What shoppers saw in Chromium (issue 10 §6): the header keeps one row of icons on a phone, and
 * on wide screens the menu is one row whose lists open on top.
 */

interface Product {
  id: number;
  slug: string;
  variants: { id: number; stock: number }[];
}

/** A visitor with two options in the bag and three products on the compare list, as a shopper has. */
async function shopper(browser: Browser, width: number): Promise<Page> {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  const listing = (await (await page.request.get("/ecommerce/products?in_stock=1&page_size=3")).json()) as { data: Product[] };
  for (const { slug } of listing.data.slice(0, 2)) {
    const product = ((await (await page.request.get(`/ecommerce/products/${slug}`)).json()) as { data: Product }).data;
    const option = product.variants.find((v) => v.stock > 0)!;
    const added = await page.request.post("/bag", { form: { intent: "add", variantId: option.id }, maxRedirects: 0 });
    expect(added.status()).toBe(303);
  }
  await context.addCookies([{ name: "compare", value: listing.data.map((p) => p.id).join("."), url: process.env.SHOP_URL! }]);
  return page;
}

for (const width of [320, 375]) {
  test(`at ${width} px the header keeps logo, compare and bag on one row, with a bag and a compare list`, async ({ browser }) => {
    // Every page's width at 320, 375 and 1280 px is key-pages.spec.ts's; this is the header's row.
    const page = await shopper(browser, width);
    await page.goto("/");
    const top = async (name: RegExp | string) => (await page.getByRole("banner").getByRole("link", { name }).boundingBox())!.y;
    const logo = await top("Safe Hands");
    expect(Math.abs((await top(/Compare products/)) - logo)).toBeLessThan(12);
    expect(Math.abs((await top(/^Bag/)) - logo)).toBeLessThan(12);
    await page.context().close();
  });
}

for (const width of [1024, 1280, 1920]) {
  test(`at ${width} px the menu is one row, and a category's list opens on top of everything`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Shop", exact: true });
    const items = menu.locator(":scope > ul > li > a");
    const tops = await items.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(5);
    expect(new Set(tops).size).toBe(1);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Each category's list, opened by hovering: its links are what a click there reaches.
    for (const item of await menu.locator(":scope > ul > li:has(ul)").all()) {
      await item.hover();
      const sub = item.locator("ul a").first();
      await expect(sub).toBeVisible();
      const hit = await sub.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === link;
      });
      expect(hit, (await sub.textContent()) ?? "").toBe(true);
    }
  });
}

test("a listing asks for its first image first, headings go down one level at a time, and sliders are 24 px targets", async ({
  page,
}) => {
  await page.goto("/shop/gloves");
  const images = page.getByTestId("product-card").locator("img");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  expect(await images.nth(1).getAttribute("fetchpriority")).toBeNull();
  const levels = await page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
  for (const slider of await page.locator('input[type="range"]').all()) {
    expect((await slider.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  }
});

test("a page's head asks for the first image and the stylesheet before the scripts it preloads, and for the scripts at low priority", async ({
  request,
}) => {
  // A phone on a slow network paints once the stylesheet is in: behind 30-odd module preloads it
  // came late, the filtered listing's most of all (ADR 52).
  for (const path of ["/shop/gloves?size=8&attr.grip=Wet", "/", "/shop/gloves/solid-lock-max-training-glove"]) {
    const html = await (await request.get(path)).text();
    const links = [...html.slice(0, html.indexOf("</head>")).matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
    const stylesheet = links.findIndex((tag) => tag.includes('rel="stylesheet"'));
    const firstScript = links.findIndex((tag) => tag.includes('rel="modulepreload"'));
    expect(stylesheet, path).toBeGreaterThanOrEqual(0);
    expect(firstScript, path).toBeGreaterThan(stylesheet);
    // The largest paint's image is the first thing asked for, and asked for first.
    expect(links[0], path).toMatch(/rel="preload" as="image"[^>]*fetchPriority="high"/);
    // The scripts come after the stylesheet, the fonts and the pictures on the wire (ADR 83).
    const preloads = links.filter((tag) => tag.includes('rel="modulepreload"'));
    expect(preloads.length, path).toBeGreaterThan(3);
    for (const tag of preloads) expect(tag, path).toContain('fetchpriority="low"');
  }
});

test("brand logos come at the size they are shown, not as the full file", async ({ page }) => {
  await page.goto("/");
  const logo = page.getByTestId("brand-slider").locator("img").first();
  await expect(logo).toHaveAttribute("src", /^\/images\/logo\/96\?/);
  await expect(logo).toHaveAttribute("srcset", /\/images\/logo\/160\?\S* 2x/);
  // The endpoint answers it.
  const answer = await page.request.get((await logo.getAttribute("src"))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/webp");
});
