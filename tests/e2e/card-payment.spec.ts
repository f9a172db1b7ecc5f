import { expect, test, type Browser } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { addToBag, fillAddress, optionInStock, stockOf } from "../support/e2e-checkout.ts";
import { hydrated } from "../support/hydration.ts";
import { mailTo, newVisitor } from "../support/e2e-visitors.ts";

/*
 * Card payments in Chromium (issue 11 §2, §5): the shop sends the shopper to the payment page of a
 * local fake of Stripe (started by the e2e set-up), which pays, fails or cancels, sends the signed
 * webhooks and sends the shopper back. With and without JavaScript.
 */

/** Each scenario buys its own product (from the end of the protection category, as checkout.spec does). */
const PRODUCT = { pay: 4, fail: 6, cancel: 8 } as const;

async function toPaymentPage(browser: Browser, javaScriptEnabled: boolean, scenario: keyof typeof PRODUCT) {
  const context = await newVisitor(browser, { javaScriptEnabled });
  const page = await context.newPage();
  const option = await optionInStock(page.request, 3, PRODUCT[scenario] + (javaScriptEnabled ? 0 : 1));
  await addToBag(context, option.id, 1);
  await page.goto("/checkout");
  if (javaScriptEnabled) await hydrated(page.getByRole("button", { name: "Place order" }));
  const email = `card-${scenario}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
  await page.getByLabel("E-mail address").fill(email);
  await fillAddress(page);
  await page.getByRole("radio", { name: /Card or wallet/ }).check();
  const total = (await page.getByTestId("checkout-total").textContent())!;
  await page.getByRole("button", { name: "Place order" }).click();
  // Stripe's page (the fake's) asks for exactly the order's total.
  await expect(page.getByRole("heading", { name: `Pay ${total}` })).toBeVisible();
  const number = /KS-\d+/.exec((await page.locator("p").first().textContent())!)![0];
  return { context, page, email, number, option };
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with" : "without";

  test(`a guest pays by card ${js} JavaScript: back from the payment page the order turns paid, and the confirmation is mailed`, async ({
    browser,
  }) => {
    const { context, page, email, number } = await toPaymentPage(browser, javaScriptEnabled, "pay");
    // Stripe's webhook is kept back a while: the shopper is back before it comes.
    const paymentPage = new URL(page.url());
    const session = `${paymentPage.origin}/__control/sessions/${paymentPage.pathname.split("/").at(-1)}`;
    expect((await page.request.post(`${session}/hold`)).ok()).toBe(true);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
    await expect(page.getByTestId("payment-pending")).toContainText("Payment pending");
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
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

  test(`a card payment that fails ${js} JavaScript cancels the order and says so by mail`, async ({ browser }) => {
    const { context, page, email, number, option } = await toPaymentPage(browser, javaScriptEnabled, "fail");
    const stockBefore = option.stock;
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
    const mail = await mailTo(email, new RegExp(`Your order ${number} has been cancelled`));
    expect(mail.text).toContain("your payment did not go through");
    // Its unit is back on sale.
    expect(await stockOf(page.request, option)).toBe(stockBefore);
    await context.close();
  });

  test(`a shopper who cancels on the payment page ${js} JavaScript can pay later from the order page, or cancel the order and find the items back in the bag`, async ({
    browser,
  }) => {
    const { context, page, number, option } = await toPaymentPage(browser, javaScriptEnabled, "cancel");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "You left the payment page without paying" })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
    if (javaScriptEnabled) await expectNoViolations(page);

    // "Pay now" opens the same payment page again; leaving it once more comes back here.
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("card-payment")).toBeVisible();

    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText(`Order ${number} is cancelled and its items are back in your bag.`)).toBeVisible();
    await expect(page.getByRole("link", { name: option.name }).first()).toBeVisible();
    await context.close();
  });
}
