import { expect, test, type Page } from "@playwright/test";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";

/*
 * The content pages (home, news, membership, the site's own pages, the error pages, the account
 * area; ADR 82) fit every screen from 320 px: none scrolls sideways.
 */

const WIDTHS = [320, 375, 1280] as const;

const GUEST_PAGES = [
  "/",
  "/news-and-media",
  "/news-and-media/news",
  "/membership",
  "/about",
  "/the-keepers-call",
  "/xg",
  "/no-such-page",
  "/error",
  "/login",
];

const ACCOUNT_PAGES = ["/my-account", "/my-account/order-history", "/my-account/communication-preferences"];

async function expectNoSidewaysScroll(page: Page, paths: readonly string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      const fits = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
      expect(fits.scroll, `${path} at ${width} px`).toBeLessThanOrEqual(fits.inner);
    }
  }
}

test("the content pages a guest sees, a post among them, never scroll sideways at 320, 375 or 1280 px", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto("/news-and-media/news");
  const post = await page.getByTestId("news-tile").first().getByRole("heading").getByRole("link").getAttribute("href");
  const exclusives = await (async () => {
    await page.goto("/news-and-media/exclusives");
    return page.getByTestId("news-tile").first().getByRole("heading").getByRole("link").getAttribute("href");
  })();
  await expectNoSidewaysScroll(page, [...GUEST_PAGES, post!, exclusives!]);
  await context.close();
});

test("the account area never scrolls sideways at 320, 375 or 1280 px", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await expectNoSidewaysScroll(page, ACCOUNT_PAGES);
  await context.close();
});
