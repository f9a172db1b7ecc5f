import type { Page } from "@playwright/test";

/**
 * Clicks a link to an address that names no page, put at the top of the page the test is on: the
 * shop links to none of its own. The shop's click handler makes it a client-side navigation once
 * the page is hydrated, as it does for every link to the shop.
 */
export async function clickLinkToNowhere(page: Page, path = "/no-such-page"): Promise<void> {
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement("a"), { id: "to-nowhere", href, textContent: "Nowhere" });
    document.querySelector("main")!.prepend(link);
  }, path);
  await page.locator("#to-nowhere").click();
}
