import { expect, test } from "@playwright/test";
import { base32Decode } from "../../server/modules/staff-access/base32.ts";
import { totpCode } from "../../server/modules/staff-access/totp.ts";
import { expectNoViolations } from "../support/axe.ts";
import { ownerOn } from "../support/e2e-back-office.ts";
import { addToBag, euro, optionInStock, placeByCard } from "../support/e2e-checkout.ts";
import { mailTo, newCustomer, newVisitor } from "../support/e2e-visitors.ts";

/*
 * Staff in the back office (issue 24 §2, §4, §8): the owner invites someone by mail; they set a
 * password and an authenticator through the mailed link, and with the app's code refund part of
 * a card payment through the local fake of Stripe; then move to another app and change their
 * password on their sign-in page. The customer is told by mail; the audit log says who did what.
 */

test("an invited staff member joins by the mailed link with an authenticator, refunds part of a card payment through Stripe, moves to another app and changes the password; the audit log names them", async ({
  browser,
}) => {
  const repeat = test.info().repeatEachIndex;
  // A customer pays an order by card on the fake's payment page.
  const { context: shopper, page: customerPage, person } = await newCustomer(browser);
  const option = await optionInStock(customerPage.request, 2, repeat, "footwear");
  await addToBag(shopper, option.id, 1);
  const number = await placeByCard(customerPage, option, null, true);
  await customerPage.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(customerPage.getByTestId("order-status")).toHaveText("Paid");

  // The owner invites a new member of staff.
  const ownerPage = await ownerOn(browser, "/admin/staff", 1);
  await expect(ownerPage.getByRole("heading", { name: "Staff" })).toBeVisible();
  const email = `staff-${repeat}-${Date.now()}@example.com`;
  await ownerPage.getByLabel("E-mail address").fill(email);
  await ownerPage.getByLabel("Role", { exact: true }).selectOption("staff");
  await ownerPage.getByRole("button", { name: "Mail the invitation" }).click();
  await expect(ownerPage.getByText(`Invitation mailed to ${email}.`)).toBeVisible();
  const invitation = await mailTo(email, /You are invited/);
  const link = /https?:\/\/\S+\/admin\/join\?token=[\w-]+/.exec(invitation.text)?.[0];
  expect(link, invitation.text).toBeTruthy();

  // They choose a password and set up their authenticator app.
  const staffContext = await newVisitor(browser);
  const staff = await staffContext.newPage();
  await staff.goto(link!);
  await expect(staff.getByRole("heading", { name: "Join the back office" })).toBeVisible();
  await staff.getByLabel("Password").fill("nets and posts and gloves");
  await staff.getByRole("button", { name: "Join" }).click();
  await expect(staff.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  const secret = base32Decode((await staff.getByTestId("totp-secret").textContent())!);
  await staff.getByLabel("The app's 6-digit code").fill(totpCode(secret, Date.now()));
  await staff.getByRole("button", { name: "Confirm" }).click();
  await expect(staff.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  // The link was good once.
  expect((await staff.request.get(link!)).status()).toBe(404);

  // The product list finds the product the customer bought, by a part of its name.
  await staff.goto(`/admin/products?q=${encodeURIComponent(option.name.slice(2, -2))}`);
  const product = staff.getByRole("row").filter({ has: staff.getByRole("link", { name: option.name, exact: true }) });
  await expect(product).toHaveCount(1);
  await expect(product).toContainText("Published");

  // Staff may open orders, not the staff page.
  await staff.goto(`/admin/orders/${number}`);
  await expect(staff.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  expect((await staff.request.get("/admin/staff")).status()).toBe(404);

  // A part of the payment goes back through Stripe.
  const part = Math.min(500, option.price - 1);
  await staff.getByLabel(/^Amount/).fill((part / 100).toFixed(2));
  await staff.getByRole("button", { name: "Refund" }).click();
  await expect(staff.getByText("Refunded.", { exact: true })).toBeVisible();
  await expect(staff.getByTestId("order-status")).toHaveText("Paid");
  await expect(staff.locator("dt", { hasText: /^Refunded$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(euro(part));
  await expectNoViolations(staff);
  const told = await mailTo(person.email, new RegExp(`We refunded .+ for order ${number}`));
  expect(told.subject).toContain(euro(part));
  expect(told.text).toContain("It reaches your account within a few working days.");

  // On their sign-in page they move to another authenticator app, then change their password:
  // every other session ends, and this browser gives a code once more (a new recovery code).
  await staff.goto("/admin/account");
  await staff.getByRole("button", { name: "Set up another app" }).click();
  const newSecret = base32Decode((await staff.getByTestId("totp-secret").textContent())!);
  await staff.getByLabel("The new app's 6-digit code").fill("000000");
  await staff.getByRole("button", { name: "Use the new app" }).click();
  await expect(staff.getByText(/This code is not right/)).toBeVisible();
  await staff.getByLabel("The new app's 6-digit code").fill(totpCode(newSecret, Date.now()));
  await staff.getByRole("button", { name: "Use the new app" }).click();
  await expect(staff.getByText("Your new authenticator app is in use; the old one no longer works.")).toBeVisible();
  const codes = await staff.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expectNoViolations(staff);
  await staff.getByLabel("Current password").fill("nets and posts and gloves");
  await staff.getByLabel("New password", { exact: true }).fill("crossbar and corner flags");
  await staff.getByLabel("Repeat the new password").fill("crossbar and corner flags");
  await staff.getByRole("button", { name: "Change password" }).click();
  await expect(staff.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await staff.getByLabel("Code").fill(codes[0]!);
  await staff.getByRole("button", { name: "Continue" }).click();
  await expect(staff.getByRole("heading", { name: "My sign-in" })).toBeVisible();
  await expect(staff.getByText("Your password has been changed. You are signed out everywhere else.")).toBeVisible();

  // The owner's audit log names the new member of staff for the refund, with the amount.
  await ownerPage.goto(`/admin/audit?entityType=order&entityId=${number}`);
  const refund = ownerPage.getByTestId("audit-row").filter({ hasText: "order.refunded" });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText(email);
  await expect(refund).toContainText(`refunded: 0 → ${part}`);
  // And their joining, as made by themselves.
  await ownerPage.goto("/admin/audit?action=staff.joined");
  await expect(ownerPage.getByTestId("audit-row").filter({ hasText: email })).toHaveCount(1);
  for (const action of ["staff.authenticator-replaced", "staff.password-changed"]) {
    await ownerPage.goto(`/admin/audit?action=${action}`);
    await expect(ownerPage.getByTestId("audit-row").filter({ hasText: email })).toHaveCount(1);
  }
  await shopper.close();
  await staffContext.close();
  await ownerPage.context().close();
});
