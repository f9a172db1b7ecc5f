import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { ownerOn } from "../support/e2e-back-office.ts";
import type { Variant } from "../support/e2e-checkout.ts";
import { mailTo, newPerson, newVisitor } from "../support/e2e-visitors.ts";

/*
 * The stock grid (issue 25 §2, ADR 66) as the owner meets it: an option written off as damaged
 * (sold out), a shopper asking to be told when it is back, the owner restocking it in the grid and
 * the back-in-stock mail arriving; the product's history shows both movements. Then the same
 * without JavaScript, where a save made from a page read before the stock moved is refused.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

const CATEGORY = "apparel";
const BACK = /is back in stock$/;

interface OwnOption extends Variant {
  productId: number;
  name: string;
  slug: string;
}

/**
 * Two options of products of this test's own: counted from the end of the apparel category (no
 * other spec buys there), two products a repetition, so repetitions never share one.
 */
async function ownOptions(request: APIRequestContext): Promise<[OwnOption, OwnOption]> {
  const listing = (await (await request.get(`/ecommerce/products?category=${CATEGORY}&page_size=60`)).json()) as {
    data: { slug: string }[];
  };
  const slugs = [...listing.data].reverse().map((product) => product.slug);
  const repeat = test.info().repeatEachIndex;
  const picked: OwnOption[] = [];
  for (const slug of [slugs[repeat * 2]!, slugs[repeat * 2 + 1]!]) {
    const product = (
      (await (await request.get(`/ecommerce/products/${slug}`)).json()) as {
        data: { id: number; name: string; variants: Variant[] };
      }
    ).data;
    const option = product.variants.find((v) => v.stock > 0) ?? product.variants[0]!;
    picked.push({ ...option, productId: product.id, name: product.name, slug });
  }
  return picked as [OwnOption, OwnOption];
}

const countOf = (page: Page, option: OwnOption) =>
  page.getByLabel(`New count of ${option.name}, ${option.size} · ${option.colour} (`);
const rowOf = (page: Page, option: OwnOption) => page.getByRole("row").filter({ has: countOf(page, option) });

/** Types `count` for the option in the grid and saves it for `reason`; waits for the page to say so. */
async function save(page: Page, option: OwnOption, count: number, reason: string, note = "") {
  await countOf(page, option).fill(String(count));
  await page.getByLabel("Why the stock changed").selectOption({ label: reason });
  await page.getByLabel("Note (optional)").fill(note);
  await page.getByRole("button", { name: "Save the counts" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: the stock of 1 option changed.");
  await expect(rowOf(page, option).getByRole("cell").nth(3)).toHaveText(count === 0 ? "0none" : new RegExp(`^${count}`));
}

let askers = 0;
/**
 * A guest asks, as the product page's form without JavaScript does, to be mailed when the option
 * is back: from a connection of its own (a kept-alive one may have been closed by the shop meanwhile).
 */
async function ask(playwright: Playwright, option: OwnOption): Promise<string> {
  const { email } = newPerson();
  const http = await playwright.request.newContext({
    baseURL: process.env.SHOP_URL,
    extraHTTPHeaders: { "x-forwarded-for": `198.51.252.${++askers % 250}` },
  });
  const answer = await http.post(`/shop/${CATEGORY}/${option.slug}`, {
    form: { intent: "back-in-stock", email, variantId: option.id },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(`we will e-mail ${email} once`);
  await http.dispose();
  return email;
}

test("the owner writes an option off, restocks it in the grid, and whoever waits for it gets the back-in-stock mail; without JavaScript too, and a stale save is refused", async ({
  browser,
  playwright,
}) => {
  const shopper = await newVisitor(browser, { javaScriptEnabled: false });
  const [first, second] = await ownOptions(shopper.request);
  const page = await ownerOn(browser, `/admin/stock?product=${first.productId}`, 5);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stock of ${first.name}`);
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Stock" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // With JavaScript: written off, asked for, restocked, mailed.
  await save(page, first, 0, "Damaged", "Torn seams");
  const waiting = await ask(playwright, first);
  await save(page, first, 7, "Received", "Delivery 12");
  const mail = await mailTo(waiting, BACK);
  expect(mail.subject).toBe(`${first.name} is back in stock`);

  await rowOf(page, first).getByRole("link", { name: first.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stock history of ${first.name}`);
  const movements = page.getByRole("table").getByRole("row");
  await expect(movements.nth(1)).toContainText("+7");
  await expect(movements.nth(1)).toContainText("Received");
  await expect(movements.nth(1)).toContainText("Delivery 12");
  await expect(movements.nth(2)).toContainText("Damaged");
  await expect(movements.nth(2)).toContainText("Torn seams");

  // Without JavaScript, in the same session: the same, and a save read before the stock moved.
  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await page.context().cookies());
  const noScript = await plain.newPage();
  // On a phone: the grid scrolls sideways in its own box, the page does not.
  await noScript.setViewportSize({ width: 375, height: 800 });
  await noScript.goto(`/admin/stock?product=${second.productId}`);
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText(`Stock of ${second.name}`);
  expect(await noScript.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await save(noScript, second, 0, "Counted");
  const alsoWaiting = await ask(playwright, second);
  // Another tab (the page with JavaScript) restocks it first; this page still shows 0.
  await page.goto(`/admin/stock?product=${second.productId}`);
  await save(page, second, 3, "Received");
  await countOf(noScript, second).fill("5");
  await noScript.getByLabel("Why the stock changed").selectOption({ label: "Received" });
  await noScript.getByRole("button", { name: "Save the counts" }).click();
  await expect(noScript.getByTestId("form-error")).toContainText("Nothing was saved: the stock of");
  await expect(countOf(noScript, second)).toHaveValue("5");
  await expect(noScript.getByText("Changed since you opened the page: 3 now, not 0.")).toBeVisible();
  // Saved again from the page as it is now.
  await noScript.getByRole("button", { name: "Save the counts" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Saved: the stock of 1 option changed.");
  await expect(rowOf(noScript, second).getByRole("cell").nth(3)).toHaveText(/^5/);
  expect((await mailTo(alsoWaiting, BACK)).subject).toBe(`${second.name} is back in stock`);
  await Promise.all([plain.close(), shopper.close(), page.context().close()]);
});
