import { expect, test } from "@playwright/test";
import { base32Decode } from "../../server/modules/staff-access/base32.ts";
import { totpCode } from "../../server/modules/staff-access/totp.ts";
import { addToBag, optionInStock } from "../support/e2e-checkout.ts";
import { expectNoViolations } from "../support/axe.ts";
import { owner, ownerOn } from "../support/e2e-back-office.ts";
import { newCustomer, newVisitor, registeredCustomer } from "../support/e2e-visitors.ts";
import { DUTCH_ADDRESS } from "../support/orders.ts";
import { OWNER_SET_UP_LINK, printed, startShop } from "../support/shop-server.ts";

/*
 * The back office (issue 24) in a browser against the real server: the owner set up through the
 * link the shop printed at its start, with an authenticator; who is refused; an order taken from
 * placed to delivered while its customer watches; a stale action; the audit log of it all. The
 * shared shop's owner was set up by the global set-up, through the same link (e2e-owner.ts).
 */

test("the owner sets up the shop through the printed link: a password, an authenticator, recovery codes, the dashboard", async ({
  browser,
}) => {
  // A shop of its own, which has no owner yet.
  const shop = await startShop();
  const link = (await printed(shop, OWNER_SET_UP_LINK))[0];
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set up the shop's owner" })).toBeVisible();
  await page.getByLabel("E-mail address").fill("founder@example.com");
  await page.getByLabel("Password").fill("a shop of gloves and goals");
  await page.getByRole("button", { name: "Create the owner" }).click();

  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  // A wrong code is refused beside the field; the app's code is taken.
  await page.getByLabel("The app's 6-digit code").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/This code is not right/)).toBeVisible();
  await page.getByLabel("The app's 6-digit code").fill(totpCode(base32Decode(secret), Date.now()));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);

  await page.getByRole("link", { name: /open the back office/ }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" })).toBeVisible();
  await expectNoViolations(page);
  // On a phone: the sections fold into a menu, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByText("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The link was good for one owner.
  expect((await page.request.get(link)).status()).toBe(404);
  await context.close();
  await shop.stop();
});

const ADMIN_PAGES = [
  "/admin",
  "/admin/orders?status=paid",
  "/admin/orders/KS-100001",
  "/admin/orders/KS-100001/packing-slip",
  "/admin/orders/KS-100001/invoice",
  "/admin/orders/packing-slips?number=KS-100001",
  "/admin/customers",
  "/admin/customers/1",
  "/admin/products",
  "/admin/products?stock=none",
  "/admin/products/bulk?id=1&action=publish",
  "/admin/products/1/images",
  "/admin/stock?stock=low",
  "/admin/stock/1",
  "/admin/demand?sort=oldest",
  "/admin/catalogue",
  "/admin/catalogue/categories/1",
  "/admin/catalogue/brands/new",
  "/admin/catalogue/attributes/1",
  "/admin/products/new",
  "/admin/products/1",
  "/admin/promotions",
  "/admin/newsletter?status=confirmed&q=keeper",
  "/admin/imports",
  "/admin/imports/1",
  "/admin/delivery",
  "/admin/memberships",
  "/admin/settings",
  "/admin/flags",
  "/admin/launch",
  "/admin/information",
  "/admin/information/new",
  "/admin/information/1",
  "/admin/site",
  "/admin/news",
  "/admin/news/new",
  "/admin/pages",
  "/admin/media",
  "/admin/media/1",
  "/admin/staff",
  "/admin/audit",
  "/admin/account",
  "/admin/confirm?redirect=%2Fadmin%2Forders%2Fexport.csv",
  "/admin/no-such-page",
  "/admin/enrol",
  "/admin/verify",
];

/** The back office's files: CSVs and a customer's data. */
const DOWNLOADS = [
  "/admin/orders/export.csv",
  "/admin/products/export.csv",
  "/admin/customers/1/export.json",
  "/admin/newsletter/export.csv",
];

test("every back-office address sends a guest to log in, and does not exist for a customer, its data neither", async ({
  playwright,
}) => {
  const http = await playwright.request.newContext({
    baseURL: process.env.SHOP_URL,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.251.1" },
  });
  for (const path of [...ADMIN_PAGES, ...DOWNLOADS]) {
    const answer = await http.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location, path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  }
  const { jwt } = await registeredCustomer(http);
  const asCustomer = { authorization: `Bearer ${jwt}` };
  for (const path of ADMIN_PAGES) {
    const [address, query] = path.split("?");
    for (const url of [path, `${address}.data${query ? `?${query}` : ""}`]) {
      const answer = await http.get(url, { headers: asCustomer, maxRedirects: 0 });
      expect(answer.status(), url).toBe(404);
      expect(await answer.text(), url).not.toContain("Back office");
    }
  }
  // A customer's data download, like the CSVs, is no customer's to open.
  for (const path of DOWNLOADS) {
    expect((await http.get(path, { headers: asCustomer, maxRedirects: 0 })).status(), path).toBe(404);
  }
  await http.dispose();
});

test("an order goes from placed to paid, shipped and delivered through the back office; the customer's page follows; a stale action is refused; all of it is in the audit log", async ({
  browser,
}) => {
  const { context: customerContext, page: customerPage, person } = await newCustomer(browser);
  const option = await optionInStock(customerPage.request, 2, 0, "training");
  await addToBag(customerContext, option.id, 1);
  const placed = await customerContext.request.post("/ecommerce/orders", {
    data: { email: person.email, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = ((await placed.json()) as { data: { number: string } }).data;
  await customerPage.goto("/my-account/order-history");
  await customerPage.getByRole("link", { name: `View order ${number}` }).click();
  const customerSees = customerPage.getByRole("definition").filter({ hasText: /^(Awaiting payment|Paid|Shipped|Delivered)$/ });
  await expect(customerSees).toHaveText("Awaiting payment");

  const admin = await ownerOn(browser, `/admin/orders?q=${number}`, 0);
  await expect(admin.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expectNoViolations(admin);
  await admin.getByRole("link", { name: number }).click();
  await expect(admin.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expectNoViolations(admin);
  // A second tab on the same order, which will be out of date.
  const stale = await admin.context().newPage();
  await stale.goto(admin.url());

  await admin.getByLabel(/Transfer reference/).fill(`NL-${number}`);
  await admin.getByRole("button", { name: "Mark paid" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Paid");
  await expect(customerSees).toHaveText("Paid");

  await admin.getByLabel("Carrier").fill("PostNL");
  await admin.getByLabel("Tracking link").fill("https://tracking.example/3SABC123");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Shipped");
  await expect(customerSees).toHaveText("Shipped");

  // The other tab still offers "Mark paid" from before: refused, saying who changed the order,
  // and showing the order as it is now.
  await stale.getByRole("button", { name: "Mark paid" }).click();
  await expect(stale.getByTestId("form-error")).toContainText(`changed by ${owner.email}`);
  await expect(stale.getByTestId("order-status")).toHaveText("Shipped");

  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Delivered");
  await expect(customerSees).toHaveText("Delivered");

  await admin.goto(`/admin/audit?entityType=order&entityId=${number}`);
  const entries = admin.getByTestId("audit-row");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("order.delivered");
  await expect(entries.nth(1)).toContainText("order.shipped");
  await expect(entries.nth(1)).toContainText("status: paid → shipped");
  await expect(entries.nth(2)).toContainText("order.paid");
  await expect(entries.nth(2)).toContainText(owner.email);
  await expectNoViolations(admin);
  await customerContext.close();
  await admin.context().close();
});
