import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";

/*
 * The shop's own pages (issue 12 §4) from the demo content: each answers with its title and
 * words, /launch counts down and takes an e-mail address, /icons shows the icon set, and the
 * catch-all finds a page by its one segment or answers not found.
 */

const PAGES = [
  ["/about", "About us"],
  ["/privacy-policy", "Privacy policy"],
  ["/returns-policy", "Returns policy"],
  ["/terms-condition", "Terms and conditions"],
  ["/the-keepers-call", "The keeper's call"],
  ["/xg", "Expected goals for keepers"],
  ["/launch", "The next drop is coming"],
] as const;

test("each of the shop's pages answers with its title, description and text", async ({ request }) => {
  for (const [path, title] of PAGES) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    // The title is the page's one h1, in the display face.
    expect(html.match(/<h1 class="([^"]*)">([^<]*)<\/h1>/g), path).toEqual([
      expect.stringMatching(new RegExp(`^<h1 class="[^"]*font-display[^"]*">${title.replace("'", "&#x27;")}</h1>$`)),
    ]);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
  }
});

test("the privacy policy says what is stored and why; returns are within 30 days", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await expect(page.locator(".rich-text").first()).toContainText(/cookie/i);
  await expectNoViolations(page);
  await page.goto("/returns-policy");
  await expect(page.locator(".rich-text").first()).toContainText("30 days");
});

test("/about shows its picture, a product carousel of gloves and a call to join", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("figure").locator("img")).toHaveAttribute("src", /^\/images\/cover\//);
  const carousel = page.getByRole("region", { name: "Gloves our keepers wear" });
  await expect(carousel.getByTestId("product-card").first()).toBeVisible();
  await page.getByRole("link", { name: "See membership" }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test("about, the keeper's call and xG open with their drawn picture and read as sections with a call to action", async ({
  page,
}) => {
  for (const [path, slug, cta] of [
    ["/about", "about", "See membership"],
    ["/the-keepers-call", "the-keepers-call", "Shop gloves"],
    ["/xg", "xg", "Join the club"],
  ] as const) {
    await page.goto(path);
    const artwork = page.getByTestId("page-artwork");
    await expect(artwork, path).toHaveAttribute(
      "src",
      `/images/cover/800?src=${encodeURIComponent(`/media/art/pages/${slug}.webp`)}`,
    );
    await expect(artwork, path).toHaveAttribute("fetchpriority", "high");
    expect(await artwork.getAttribute("alt"), path).toBeTruthy();
    // Not a wall of text: at least three headed sections, and a way on.
    expect(await page.locator(".page-sections h2").count(), path).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("link", { name: cta }), path).toBeVisible();
  }
});

test("/launch counts down to the drop and takes an e-mail address", async ({ page }) => {
  await page.goto("/launch");
  const countdown = page.getByTestId("countdown");
  const timer = countdown.getByRole("timer");
  await expect(timer).toBeVisible();
  const seconds = timer.locator("span > span:first-child").nth(3);
  const before = await seconds.textContent();
  await expect(seconds).not.toHaveText(before!);
  await expect(countdown.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByRole("heading", { name: "Be first to know" })).toBeVisible();
  await expect(page.getByLabel(/e-mail/i).first()).toBeVisible();
  await expectNoViolations(page);
});

test("/icons shows the icon set and stays out of the sitemap, where the other pages are", async ({ page, request }) => {
  await page.goto("/icons");
  await expect(page.getByRole("heading", { level: 1, name: "Icons" })).toBeVisible();
  expect(await page.getByTestId("icon").count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId("icon").filter({ hasText: "bag" })).toBeVisible();
  // Each icon, the logo's mark and the footer's payment marks are drawn from one shared SVG file:
  // a drawing has a size only once the browser has loaded the file and found its symbol.
  // (Only those on screen: a closed drawer's are not rendered at all.)
  const drawings = () =>
    page.locator("svg use").evaluateAll((uses) => {
      const shown = uses.filter((use) => use.closest("svg")!.checkVisibility()) as SVGUseElement[];
      return { shown: shown.length, undrawn: shown.filter((use) => use.getBBox().width === 0).length };
    });
  await expect.poll(drawings).toEqual({ shown: expect.any(Number), undrawn: 0 });
  expect((await drawings()).shown).toBeGreaterThan(await page.getByTestId("icon").count());
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const [path] of PAGES) expect(sitemap, path).toContain(`${path}</loc>`);
  expect(sitemap).not.toContain("/icons</loc>");
  expect(sitemap).toContain("/membership</loc>");
  expect(sitemap).toMatch(/\/news-and-media\/exclusives\/post\/[^<]+<\/loc>/);
});

test("the catch-all: one segment naming no page, or a deeper unknown address, is not found", async ({ request }) => {
  for (const path of ["/no-such-page", "/About", "/about/more", "/a%20b", "/no-such-page.data"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
  }
  expect(await (await request.get("/no-such-page")).text()).toContain("This page could not be found");
});

test("the footer's policy links lead to the pages", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of [/privacy/i, /returns/i, /terms/i]) {
    const link = footer.getByRole("link", { name }).first();
    const href = await link.getAttribute("href");
    expect((await page.request.get(href!)).status(), href!).toBe(200);
  }
});
