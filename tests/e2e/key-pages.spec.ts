import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { keyPages, openKeyPage } from "../support/key-pages.ts";

/*
 * Issue 27's list of key pages, as a guest and as a customer with an order and a bag see them:
 * none scrolls sideways on the narrowest phone, a common phone or a laptop, and each passes axe's
 * checks on a phone (the desktop frame's are in accessibility.spec.ts).
 */

const WIDTHS = [320, 375, 1280];

test("every key page fits 320, 375 and 1280 px and passes axe's checks on a phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const { pages, close } = await keyPages(browser);
  try {
    for (const { path, page } of pages) {
      await page.setViewportSize({ width: 375, height: 812 });
      await openKeyPage(page, path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 812 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            message: `${path} at ${width} px`,
          })
          .toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoViolations(page);
    }
  } finally {
    await close();
  }
});
