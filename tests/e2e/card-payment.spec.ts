import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { addToBag, optionInStock, placeByCard, stockOf } from "../support/e2e-checkout.ts";
import { mailTo, newCustomer, newVisitor } from "../support/e2e-visitors.ts";

/*
 * Card payments in Chromium (issue 11 §2, §5): the shop sends the shopper to the payment page of a
 * local fake of Stripe (started by the e2e set-up), which pays, fails or cancels, sends the signed
 * webhooks and sends the shopper back. With and without JavaScript.
 */

/** Each scenario buys its own product (from the end of the protection category, as checkout.spec does). */
const PRODUCT = { pay: 4, fail: 6, cancel: 8, account: 10 } as const;

async function toPaymentPage(browser: Browser, javaScriptEnabled: boolean, scenario: Exclude<keyof typeof PRODUCT, "account">) {
  const context = await newVisitor(browser, { javaScriptEnabled });
  const page = await context.newPage();
  const option = await optionInStock(page.request, 3, PRODUCT[scenario] + (javaScriptEnabled ? 0 : 1));
  await addToBag(context, option.id, 1);
  const email = `card-${scenario}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
  const number = await placeByCard(page, option, email, javaScriptEnabled);
  return { context, page, email, number, option };
}

/** The fake's control address for the payment page `page` shows: its webhooks can be held back and released. */
function sessionControl(page: Page) {
  const paymentPage = new URL(page.url());
  return `${paymentPage.origin}/__control/sessions/${paymentPage.pathname.split("/").at(-1)}`;
}

/** The page's own refresh, which the page renders (in <noscript>) only while it looks again without JavaScript. */
const refreshOf = (page: Page) => page.locator('meta[http-equiv="refresh"]');

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with" : "without";

  test(`a guest pays by card ${js} JavaScript: back from the payment page the order turns paid, and the confirmation is mailed`, async ({
    browser,
  }) => {
    const { context, page, email, number } = await toPaymentPage(browser, javaScriptEnabled, "pay");
    // Stripe's webhook is kept back a while: the shopper is back before it comes.
    const session = sessionControl(page);
    expect((await page.request.post(`${session}/hold`)).ok()).toBe(true);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
    const pending = page.getByTestId("payment-pending");
    await expect(pending).toContainText("Payment pending");
    await expect(pending.getByRole("status")).toHaveText(/This page updates by itself/);
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
    const back = page.url();
    // The refresh is there for a browser without JavaScript only (inside <noscript>, which a
    // browser running scripts does not parse: axe's meta-refresh rule sees nothing).
    await expect(refreshOf(page)).toHaveCount(javaScriptEnabled ? 0 : 1);
    if (javaScriptEnabled) await expectNoViolations(page);

    // It looks again ten times at most; then it says the payment is on its way and stops.
    const looked = new URL(back);
    looked.searchParams.set("check", "10");
    await page.goto(looked.pathname + looked.search);
    await expect(pending.getByRole("status")).toHaveText(
      `Your payment is being processed. Some ways of paying take a few days: we will mail ${email} as soon as it is confirmed.`,
    );
    await expect(refreshOf(page)).toHaveCount(0);
    await expect(pending.getByRole("link", { name: "Check again" })).toBeVisible();

    await page.goto(back);
    await expect(pending.getByRole("status")).toHaveText(/This page updates by itself/);
    expect((await page.request.post(`${session}/release`)).ok()).toBe(true);
    // The page looks again by itself and turns paid.
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    await expect(page.getByText("Thank you: your payment has arrived and your order is confirmed!")).toBeVisible();
    await expect(page.getByTestId("payment-pending")).toHaveCount(0);
    if (javaScriptEnabled) await expectNoViolations(page);
    const mail = await mailTo(email, new RegExp(`Your order ${number}`));
    expect(mail.text).toContain("Your payment has arrived");
    await page.goto("/bag");
    await expect(page.getByText("Your bag is empty.")).toBeVisible();
    await context.close();
  });

  test(`a card payment that fails ${js} JavaScript cancels the order and says so, on the page and by mail`, async ({
    browser,
  }) => {
    const { context, page, email, number, option } = await toPaymentPage(browser, javaScriptEnabled, "fail");
    const stockBefore = option.stock;
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
    // Stripe sends the shopper back as after paying: the page tells them it did not go through.
    await expect(page.getByText("Your payment did not go through; nothing was charged.")).toBeVisible();
    await expect(page.getByText(/Thank you/)).toHaveCount(0);
    if (javaScriptEnabled) await expectNoViolations(page);
    const mail = await mailTo(email, new RegExp(`Your order ${number} has been cancelled`));
    expect(mail.text).toContain("your payment did not go through");
    // Its unit is back on sale.
    await expect.poll(() => stockOf(page.request, option)).toBe(stockBefore);
    await context.close();
  });

  test(`a shopper who cancels on the payment page ${js} JavaScript can pay later from the order page, or cancel the order and find the items back in the bag`, async ({
    browser,
  }) => {
    const { context, page, number, option } = await toPaymentPage(browser, javaScriptEnabled, "cancel");
    await page.getByRole("button", { name: "Cancel" }).click();
    const left = page.getByRole("heading", { name: "You left the payment page without paying" });
    await expect(left).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
    // How long the items are kept, with its date: a payment that settles later may take days.
    await expect(page.getByTestId("card-payment")).toContainText(
      /We keep your items until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\./,
    );
    if (javaScriptEnabled) await expectNoViolations(page);

    // "Pay now" opens the same payment page again; leaving it once more comes back here.
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(left).toBeVisible();

    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText(`Order ${number} is cancelled and its items are back in your bag.`)).toBeVisible();
    await expect(page.getByRole("link", { name: option.name }).first()).toBeVisible();
    await context.close();
  });
}

test("a customer who left the payment page pays from their account's order page", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  const option = await optionInStock(page.request, 3, PRODUCT.account);
  await addToBag(context, option.id, 1);
  // The customer's e-mail address is filled in for them.
  const number = await placeByCard(page, option, null, true);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "You left the payment page without paying" })).toBeVisible();

  await page.goto("/my-account/order-history");
  await page.getByRole("link", { name: `View order ${number}` }).click();
  await expect(page.getByTestId("card-payment-link")).toContainText("This order is waiting for your card payment.");
  await page.getByRole("link", { name: "Pay or cancel it" }).click();
  await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByText("Thank you: your payment has arrived and your order is confirmed!")).toBeVisible();
  await context.close();
});
