import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "@playwright/test";
import { keyPages, openKeyPage } from "../support/key-pages.ts";

/*
 * Full-page screenshots of the key pages at 375 and 1280 px into SCREENSHOTS_DIR (screenshots/
 * by default), named <page>-<width>.png. Lazy images are brought in by scrolling the page through
 * once, and each shot waits until every picture a reader could see has loaded.
 */

const folder = process.env.SCREENSHOTS_DIR ?? join(process.cwd(), "screenshots");
const WIDTHS = [375, 1280];

test("the key pages at 375 and 1280 px", async ({ browser }) => {
  mkdirSync(folder, { recursive: true });
  const { pages, close } = await keyPages(browser);
  try {
    for (const width of WIDTHS) {
      for (const { name, path, page } of pages.filter((key) => key.review)) {
        await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
        await openKeyPage(page, path);
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((settled) => requestAnimationFrame(settled));
          }
          window.scrollTo(0, 0);
        });
        // Every picture a reader could see has loaded; one outside the page's width (a slider's
        // next items) or hidden (a closed menu's) is not waited for.
        await page.waitForFunction(() =>
          [...document.images].every((image) => {
            const box = image.getBoundingClientRect();
            return image.complete || box.width === 0 || box.right <= 0 || box.left >= window.innerWidth;
          }),
        );
        await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
      }
    }
  } finally {
    await close();
  }
});
