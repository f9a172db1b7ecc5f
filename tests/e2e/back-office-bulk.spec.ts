import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { ownerOn } from "../support/e2e-back-office.ts";
import { euro } from "../support/e2e-checkout.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * Bulk edits (issue 25 §3, ADR 71) in a browser: the owner makes a product of their own, ticks it
 * in the list, previews its price down 10 % and applies it; a guest sees the new price on its page.
 * Then, without JavaScript on a phone, all that match the filter are archived the same way (so the
 * product leaves the shop and no other test meets it).
 */

test("a bulk price change by a percentage, previewed and applied: the shop's product page shows it; archived again without JavaScript", async ({
  browser,
}) => {
  const id = `${Date.now().toString(36)}${test.info().repeatEachIndex}`;
  // A name no other test searches for ("glove", "grip").
  const title = `Bulk Test Flask ${id}`;
  const admin = await ownerOn(browser, "/admin/products/new", 9);
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Brand").selectOption({ index: 1 });
  await admin.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await admin.getByRole("radio", { name: "Publish now" }).check();
  await admin.getByLabel("Sizes").fill("8, 9");
  await admin.getByLabel("Colours").fill("Black #111111");
  await admin.getByLabel(/^Price \(/).fill("40.00");
  await admin.getByRole("button", { name: "Create the product" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const path = (await admin.getByRole("link", { name: "See it on the shop" }).getAttribute("href"))!;

  const guest = await (await newVisitor(browser)).newPage();
  await guest.goto(path);
  await expect(guest.getByText(euro(4000)).first()).toBeVisible();

  await admin.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  await expectNoViolations(admin);
  await admin.getByRole("checkbox", { name: `Select ${title}` }).check();
  await admin.getByLabel("Change", { exact: true }).selectOption({ label: "Change the price by a percentage" });
  await admin.getByLabel("Value").fill("-10");
  await admin.getByRole("button", { name: "Preview the change" }).click();

  await expect(admin.getByRole("heading", { level: 1, name: "Bulk edit: preview" })).toBeVisible();
  await expect(admin.getByTestId("bulk-what")).toContainText("Change the price by a percentage: -10 %");
  const lines = admin.getByTestId("bulk-lines").locator("tbody tr");
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText("Price: 40.00 → 36.00");
  // Nothing has changed before the apply.
  await guest.reload();
  await expect(guest.getByText(euro(4000)).first()).toBeVisible();
  await expectNoViolations(admin);

  await admin.getByRole("button", { name: "Apply to 1 product" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(admin.getByText("Bulk edit applied: 1 product changed (2 options); the shop shows it now.")).toBeVisible();
  await guest.reload();
  await expect(guest.getByText(euro(3600)).first()).toBeVisible();

  // Without JavaScript, on a phone: all that match the filter (this product alone), archived.
  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await admin.context().cookies());
  const noScript = await plain.newPage();
  await noScript.setViewportSize({ width: 375, height: 800 });
  await noScript.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  await noScript.getByText("The 1 product that matches the filter").click();
  await noScript.getByLabel("Change", { exact: true }).selectOption({ label: "Archive" });
  await noScript.getByRole("button", { name: "Preview the change" }).click();
  await expect(noScript.getByTestId("bulk-lines")).toContainText("Status: Published → Archived");
  expect(await noScript.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noScript.getByRole("button", { name: "Apply to 1 product" }).click();
  await expect(noScript.getByText("Bulk edit applied: 1 product changed; the shop shows it now.")).toBeVisible();
  expect((await guest.request.get(path)).status()).toBe(404);

  await plain.close();
  await guest.context().close();
  await admin.context().close();
});
