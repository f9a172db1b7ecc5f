import { expect, test } from "@playwright/test";
import { ownerOn } from "../support/e2e-back-office.ts";
import { addToBag, euro, fillAddress, optionInStock } from "../support/e2e-checkout.ts";
import { hydrated } from "../support/hydration.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * Promotions in the back office (issue 25 §5, ADR 67): the owner makes a promo code, a guest uses
 * it at checkout, the order shows its discount and the list counts the use.
 */

test("the owner creates a promo code in /admin/promotions; a guest uses it at checkout and the order shows the discount", async ({
  browser,
}) => {
  const repeat = test.info().repeatEachIndex;
  // Each run its own code: codes are unique, and a guest mailbox may use a code once.
  const code = `E2E-${Date.now().toString(36).toUpperCase()}-${repeat}`;
  const admin = await ownerOn(browser, "/admin/promotions", 6);
  await expect(admin.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
  await admin.getByRole("link", { name: "New promo code" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "New promo code" })).toBeVisible();
  await admin.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await admin.getByRole("radio", { name: "Percentage off" }).check();
  await admin.getByLabel("Value").fill("15");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: code })).toBeVisible();
  await expect(admin.getByText("Created.")).toBeVisible();
  await expect(admin.getByTestId("promotion-status")).toHaveText("Active");

  const shopper = await newVisitor(browser);
  const page = await shopper.newPage();
  const option = await optionInStock(page.request, 4, 5, "apparel");
  await addToBag(shopper, option.id, 1);
  await page.goto("/checkout");
  await hydrated(page.getByRole("button", { name: "Place order" }));
  await page.getByLabel("E-mail address").fill(`promo-${code.toLowerCase()}@example.com`);
  await fillAddress(page);
  await page.getByLabel("Promo code (optional)").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  const discount = Math.round((option.price * 1500) / 10_000);
  await expect(page.getByText(`${code} takes ${euro(discount)} off.`)).toBeVisible();
  // Standard delivery in the Netherlands: €4.95, free from €50 of items after the discount.
  const delivery = option.price - discount >= 5000 ? 0 : 495;
  await expect(page.getByTestId("checkout-total")).toHaveText(euro(option.price - discount + delivery));
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  const totals = page.getByTestId("order-totals");
  await expect(totals).toContainText(`Discount (${code})`);
  await expect(totals).toContainText(`−${euro(discount)}`);
  await shopper.close();

  // The list counts the use (the order waits for its transfer: no paid order yet).
  await admin.goto(`/admin/promotions?q=${code}`);
  const row = admin.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("15 % off");
  await expect(row).toContainText("1 / ∞");
  await admin.context().close();
});
