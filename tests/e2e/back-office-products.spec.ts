import { expect, test } from "@playwright/test";
import { ownerOn } from "../support/e2e-back-office.ts";
import { euro } from "../support/e2e-checkout.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * The product editor (issue 25 §1, ADR 63, 64) in a browser: the owner makes a product with two
 * options; a guest has its page and a listing in front of them (kept by the page cache); the owner
 * changes a price and the guest's next look at both shows it.
 */

test("a product made in the back office, its price changed: the product page and the listing show it at once", async ({
  browser,
}) => {
  const repeat = test.info().repeatEachIndex;
  const id = `${Date.now().toString(36)}${repeat}`;
  // Named so no other test's search finds it ("glove", "grip"), and archived at the end.
  const title = `Price Test Bottle ${id}`;
  const admin = await ownerOn(browser, "/admin/products/new", 8);
  await expect(admin.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Brand").selectOption({ index: 1 });
  await admin.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await admin.getByRole("radio", { name: "Publish now" }).check();
  await admin.getByLabel("Sizes").fill("8, 9");
  await admin.getByLabel("Colours").fill("Black #111111");
  await admin.getByLabel(/^Price \(/).fill("40.00");
  await admin.getByRole("button", { name: "Create the product" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const path = await admin.getByRole("link", { name: "See it on the shop" }).getAttribute("href");

  // A guest looks twice at the product and at a listing of it: the second look is a cached page.
  const guest = await (await newVisitor(browser)).newPage();
  const listing = `/search?q=${encodeURIComponent(title)}`;
  for (let look = 0; look < 2; look++) {
    await guest.goto(path!);
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guest.getByText(euro(4000)).first()).toBeVisible();
    await guest.goto(listing);
    await expect(guest.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    await expect(guest.getByText(euro(4000)).first()).toBeVisible();
  }

  await admin.getByLabel("Price of Black, 8", { exact: true }).fill("35.50");
  await admin.getByRole("button", { name: "Save the options" }).click();
  await expect(admin.getByText("Options saved: the shop shows them now.")).toBeVisible();

  await guest.goto(path!);
  await expect(guest.getByText(euro(3550)).first()).toBeVisible();
  await guest.goto(listing);
  await expect(guest.getByText(euro(3550)).first()).toBeVisible();

  // Archived, it leaves the shop (and the other tests' listings) at once.
  await admin.getByText("Archive…").click();
  await admin.getByRole("button", { name: "Archive the product" }).click();
  await expect(admin.getByRole("button", { name: "Restore as a draft" })).toBeVisible();
  expect((await guest.request.get(path!)).status()).toBe(404);
  await guest.context().close();
  await admin.context().close();
});
