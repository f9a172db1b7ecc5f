import { expect, test, type Page } from "@playwright/test";
import { mailTo, newCustomer, newVisitor } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";
import { addToBag, optionInStock } from "../support/e2e-checkout.ts";
import { DUTCH_ADDRESS } from "../support/orders.ts";

const notice = (page: Page) => page.getByTestId("site-notice");

test("personal details: name and phone, a password change that logs out other browsers, an e-mail change confirmed by mail", async ({
  browser,
}) => {
  const { context, page, person } = await newCustomer(browser);
  // The same customer in a second browser.
  const other = await newVisitor(browser);
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await otherPage.getByLabel("E-mail address or user name").fill(person.email);
  await otherPage.getByLabel("Password").fill(person.password);
  await otherPage.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(notice(otherPage)).toContainText("Welcome back");

  await page.goto("/my-account/personal-details");
  await hydrated(page.getByRole("button", { name: "Save details" }));
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Keeper");
  await page.getByLabel("Phone", { exact: true }).fill("+31 6 1234 5678");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Your details are saved.")).toBeVisible();
  await page.getByLabel("Phone", { exact: true }).fill("call me");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText(/Enter a phone number of 6 to 20 digits/)).toBeVisible();
  await page.goto("/my-account");
  await expect(page.getByTestId("account-greeting")).toHaveText("Hello, Alex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
  await expect(page.getByText("Alex Keeper")).toBeVisible();

  await page.goto("/my-account/personal-details");
  const passwordForm = page.getByRole("region", { name: "Password" });
  await passwordForm.getByLabel("Current password").fill("not my password");
  await passwordForm.getByLabel("New password", { exact: true }).fill("a brand new phrase");
  await passwordForm.getByLabel("Repeat the new password").fill("a brand new phrase");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This is not your current password.")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(person.password);
  await passwordForm.getByLabel("New password", { exact: true }).fill("a brand new phrase");
  await passwordForm.getByLabel("Repeat the new password").fill("a brand new phrase");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(notice(page)).toHaveText("Your password has been changed. You are logged out everywhere else.");
  // This browser carries on; the other one's session has ended on the server.
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/my-account$/);
  await otherPage.goto("/my-account");
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(notice(otherPage)).toHaveText("Your session has ended. Please log in again.");

  const newEmail = `new.${person.email}`;
  await page.goto("/my-account/personal-details");
  const emailForm = page.getByRole("region", { name: "E-mail address" });
  await emailForm.getByLabel("New e-mail address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill("a brand new phrase");
  await emailForm.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}. Your address changes when you follow it.`)).toBeVisible();
  const mail = await mailTo(newEmail, /confirm/i);
  // The old address hears of it, with a way to take the account back.
  await mailTo(person.email, /being changed/i);
  await page.goto(mail.links.find((link) => link.includes("email-confirmation"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your e-mail address is confirmed");
  await page.goto("/my-account");
  await expect(page.getByText(`${newEmail} (confirmed)`)).toBeVisible();
  await context.close();
  await other.close();
});

test("delivery addresses: add in the chosen country's format, edit, choose the default, delete; another customer's is not found", async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/my-account/delivery-addresses");
  const form = page.getByTestId("address-form");
  await hydrated(form.getByRole("button", { name: "Add address" }));
  await form.getByLabel("First name").fill("Alex");
  await form.getByLabel("Last name").fill("Keeper");
  await form.getByLabel("Street and house number").fill("Damrak 1");
  await form.getByLabel("Country").selectOption("NL");
  // A Dutch address has a postcode and no province line.
  await form.getByLabel("Postcode").fill("12345");
  await form.getByLabel("Town or city").fill("Amsterdam");
  await expect(form.getByRole("combobox")).toHaveCount(1);
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("This is not a valid postcode for Netherlands: e.g. 1234 AB.")).toBeVisible();
  await form.getByLabel("Postcode").fill("1012 JS");
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(notice(page)).toHaveText("The address is added.");
  const addresses = page.getByTestId("address");
  await expect(addresses).toHaveCount(1);
  await expect(addresses.first()).toContainText("Default address");
  await expect(addresses.first()).toContainText("1012 JS Amsterdam");

  // A second one in the United States: a state select and a ZIP code come with the country, and
  // what was typed stays.
  await page.getByRole("link", { name: "Add an address" }).click();
  await hydrated(form.getByRole("button", { name: "Add address" }));
  await form.getByLabel("First name").fill("Alex");
  await form.getByLabel("Last name").fill("Keeper");
  await form.getByLabel("Street and house number").fill("1 Main Street");
  await form.getByLabel("Town or city").fill("San Francisco");
  await form.getByLabel("Country").selectOption("US");
  await form.getByLabel("State").selectOption({ label: "California" });
  await expect(form.getByLabel("Town or city")).toHaveValue("San Francisco");
  await form.getByLabel("ZIP code").fill("94105");
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(addresses).toHaveCount(2);
  const us = addresses.filter({ hasText: "1 Main Street" });
  // Printed as the US post writes it.
  await expect(us).toContainText("San Francisco, CA 94105");
  await expect(us).toContainText("United States");
  await expect(us).not.toContainText("Default address");

  // The address the form asks a country's format from, opened in the browser, is the page itself.
  await page.goto("/my-account/delivery-addresses?formatFor=US");
  await expect(addresses).toHaveCount(2);
  await page.goto("/my-account/delivery-addresses");

  await us.getByRole("button", { name: "Make default" }).click();
  await expect(notice(page)).toHaveText("This is now your default delivery address.");
  await expect(addresses.filter({ hasText: "Default address" })).toContainText("1 Main Street");

  await us.getByRole("link", { name: /Edit/ }).click();
  await form.getByLabel("Town or city").fill("Oakland");
  await form.getByLabel("ZIP code").fill("94607");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(notice(page)).toHaveText("The address is saved.");
  await expect(addresses.filter({ hasText: "Oakland" })).toHaveCount(1);

  const editUrl = await addresses.filter({ hasText: "Damrak 1" }).getByRole("link", { name: /Edit/ }).getAttribute("href");
  // Deleting asks first.
  const damrak = addresses.filter({ hasText: "Damrak 1" });
  await damrak.getByText("Delete", { exact: true }).click();
  await expect(damrak.getByText("Delete this address?")).toBeVisible();
  await damrak.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(notice(page)).toHaveText("The address is deleted.");
  await expect(addresses).toHaveCount(1);

  // Someone else's (here: a deleted) address id answers 404, for the page and for a form post.
  const stranger = await newCustomer(browser);
  const response = await stranger.page.goto(editUrl!);
  expect(response?.status()).toBe(404);
  const ownId = new URL(editUrl!, "http://x").searchParams.get("edit");
  const post = await stranger.page.request.post("/my-account/delivery-addresses", {
    form: { intent: "delete", addressId: ownId! },
    headers: { origin: new URL(stranger.page.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  await context.close();
  await stranger.context.close();
});

test("without JavaScript the fields follow the country after 'Use this country'", async ({ browser }) => {
  const { context, page } = await newCustomer(browser, { javaScriptEnabled: false });
  await page.goto("/my-account/delivery-addresses");
  const form = page.getByTestId("address-form");
  // The Netherlands first: no province line.
  await expect(form.getByLabel("Province")).toHaveCount(0);
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Country").selectOption("CA");
  await form.getByRole("button", { name: "Use this country" }).click();
  await expect(form.getByLabel("First name")).toHaveValue("Robin");
  await expect(form.getByLabel("Province").getByRole("option", { name: "Ontario" })).toHaveCount(1);
  await form.getByLabel("Last name").fill("Keeper");
  await form.getByLabel("Street and house number").fill("100 Queen Street W");
  await form.getByLabel("Postcode").fill("M5H 2N2");
  await form.getByLabel("Town or city").fill("Toronto");
  await form.getByLabel("Province").selectOption({ label: "Ontario" });
  await form.getByRole("button", { name: "Add address" }).click();
  // Printed as the Canadian post writes it.
  await expect(page.getByTestId("address")).toContainText("Toronto ON M5H 2N2");
  await expect(page.getByTestId("address")).toContainText("Canada");
  await context.close();
});

test("communication preferences are saved and each change is recorded", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/my-account/communication-preferences");
  await expect(page.getByLabel("Order updates by E-mail")).toBeChecked();
  await expect(page.getByLabel("Newsletter by E-mail")).not.toBeChecked();
  await page.getByLabel("Newsletter by E-mail").check();
  await page.getByLabel("Newsletter by SMS").check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(notice(page)).toHaveText("Your preferences are saved.");
  await page.reload();
  await expect(page.getByLabel("Newsletter by E-mail")).toBeChecked();
  await expect(page.getByLabel("Newsletter by SMS")).toBeChecked();
  const log = page.getByTestId("preference-log");
  await expect(log.getByRole("listitem")).toHaveCount(2);
  await expect(log).toContainText("Newsletter by E-mail switched on (account page)");
  await context.close();
});

test("order history: an empty table says so; an order that is not the customer's is not found", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/my-account/order-history");
  await expect(page.getByTestId("orders-empty")).toContainText("You have not ordered anything yet.");
  const response = await page.goto("/my-account/order-history/1/order");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await context.close();
});

test("the account area fits a 320 px screen", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    "/my-account",
    "/my-account/delivery-addresses?edit=new",
    "/my-account/personal-details",
    "/my-account/communication-preferences",
  ]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
  // The menu and the page's heading say where the customer is.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Communication preferences");
  await expect(
    page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Communication preferences" }),
  ).toHaveAttribute("aria-current", "page");
  await context.close();
});

test("at 375 px the order table is a stack of cards: each cell on a line of its own, with its label", async ({ browser }) => {
  const { context, page, person } = await newCustomer(browser);
  // An order of the customer's own: the option in their bag, ordered through the shop API with
  // their session, which orders from the customer's own bag (bags: a category no other spec shops
  // in, so its stock is this test's).
  const option = await optionInStock(context.request, 2, 0, "bags");
  await addToBag(context, option.id);
  const headers = { "x-forwarded-for": `2001:db8:ca7d:${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 65536).toString(16)}::1` };
  const cart = (await (await context.request.post("/ecommerce/carts", { headers })).json()) as { data: { id: string } };
  const placed = await context.request.post("/ecommerce/orders", {
    data: { cartId: cart.data.id, email: person.email, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" },
    headers,
  });
  expect(placed.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/my-account/order-history");
  const row = page.getByRole("row").filter({ hasText: "Awaiting payment" });
  await expect(row).toHaveCount(1);
  // The column headers are for screen readers only; each cell says what it is.
  await expect(page.getByRole("columnheader", { name: "Date" })).toBeAttached();
  const header = (await page.locator("table thead").boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(1);
  const cells = row.getByRole("cell");
  const boxes = await cells.evaluateAll((elements) =>
    elements.map((cell) => {
      const box = cell.getBoundingClientRect();
      return {
        left: Math.round(box.left),
        top: Math.round(box.top),
        width: Math.round(box.width),
        label: getComputedStyle(cell, "::before").content,
        text: (cell as HTMLElement).innerText,
      };
    }),
  );
  expect(boxes).toHaveLength(4);
  // Stacked: one above the other, each as wide as the card.
  for (let i = 1; i < boxes.length; i += 1) {
    expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.top);
    expect(boxes[i]!.left).toBe(boxes[0]!.left);
    expect(boxes[i]!.width).toBe(boxes[0]!.width);
  }
  expect(boxes.slice(0, 3).map((b) => b.label)).toEqual([
    expect.stringContaining("Date"),
    expect.stringContaining("Status"),
    expect.stringContaining("Sub total"),
  ]);
  expect(boxes[1]!.text).toContain("Awaiting payment");
  expect(boxes[2]!.text).toMatch(/^€[\d,]+\.\d\d$/);
  // The view link fills its line of the card: a target of at least 44 px.
  const view = row.getByRole("link", { name: /View order/ });
  expect((await view.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // At 1280 px it is a table again: the cells side by side in one row.
  await page.setViewportSize({ width: 1280, height: 800 });
  const tops = await cells.evaluateAll((elements) => elements.map((cell) => Math.round(cell.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(page.getByRole("columnheader", { name: "Date" })).toBeVisible();
  await context.close();
});
