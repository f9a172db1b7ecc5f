import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { ownerOn } from "../support/e2e-back-office.ts";
import type { Variant } from "../support/e2e-checkout.ts";
import { newPerson } from "../support/e2e-visitors.ts";

/*
 * The newsletter's list and back-in-stock demand in the back office (issue 26 §5, ADR 77), as the
 * owner meets them: a new sign-up waiting on /admin/newsletter, found by its address; the export of
 * the confirmed ones downloads (the code was just given); a shopper's request for a sold-out
 * option on /admin/demand, linked to the product's stock. Both pages axe-clean and 375 px wide.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

/** No other spec buys or restocks here, so its sold-out options stay sold out. */
const CATEGORY = "protection";

/** A sold-out option of the category's (the demo shop has some from the start), with its product. */
async function soldOutOption(request: APIRequestContext) {
  const listing = (await (await request.get(`/ecommerce/products?category=${CATEGORY}&page_size=60`)).json()) as {
    data: { slug: string }[];
  };
  for (const { slug } of listing.data) {
    const product = (
      (await (await request.get(`/ecommerce/products/${slug}`)).json()) as {
        data: { id: number; name: string; variants: Variant[] };
      }
    ).data;
    const option = product.variants.find((v) => v.stock === 0);
    if (option) return { ...option, productId: product.id, name: product.name, slug };
  }
  throw new Error(`No sold-out option in ${CATEGORY}`);
}

let connections = 0;
/** A request from a connection of its own, as a visitor without JavaScript sends it. */
async function fromVisitor<T>(playwright: Playwright, send: (http: APIRequestContext) => Promise<T>): Promise<T> {
  const http = await playwright.request.newContext({
    baseURL: process.env.SHOP_URL,
    extraHTTPHeaders: { "x-forwarded-for": `198.51.253.${(++connections + test.info().repeatEachIndex * 10) % 250}` },
  });
  try {
    return await send(http);
  } finally {
    await http.dispose();
  }
}

const fits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test("the owner finds a waiting sign-up on the newsletter page, exports the confirmed list, and sees a sold-out option's demand linked to its stock", async ({
  browser,
  playwright,
}) => {
  const { email } = newPerson();
  await fromVisitor(playwright, async (http) => {
    expect((await http.post("/subscriptions", { data: { email } })).status()).toBe(202);
  });
  const wanted = await fromVisitor(playwright, (http) => soldOutOption(http));
  const asker = newPerson().email;
  await fromVisitor(playwright, async (http) => {
    const answer = await http.post(`/shop/${CATEGORY}/${wanted.slug}`, {
      form: { intent: "back-in-stock", email: asker, variantId: wanted.id },
    });
    expect(await answer.text()).toContain(`we will e-mail ${asker} once`);
  });

  const page = await ownerOn(browser, `/admin/newsletter?q=${encodeURIComponent(email)}`, 13);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Newsletter" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("Waiting");
  await expect(page.getByText("The shop sends no newsletters itself.")).toBeVisible();
  await expect(page.getByRole("figure")).toContainText("Confirmations and unsubscribes per week, last 12 weeks");
  await expectNoViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await fits(page);

  // The code was given a moment ago: the export downloads at once, the header first.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export confirmed (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-confirmed-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), "utf8");
  expect(text.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe("E-mail,Confirmed at (UTC),Source,Unsubscribe link");
  expect(text).not.toContain(email);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Demand" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back-in-stock demand");
  const product = page.getByTestId(`demand-${wanted.productId}`);
  await expect(product.getByRole("rowheader")).toContainText(wanted.name);
  const optionText = [wanted.colour, wanted.size].filter(Boolean).join(" · ");
  await expect(product.getByRole("row").filter({ hasText: optionText })).toContainText(/\d+ requests?/);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await fits(page);
  await product.getByRole("link", { name: `Stock of ${wanted.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stock of ${wanted.name}`);
});
