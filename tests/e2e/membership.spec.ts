import { expect, test } from "@playwright/test";
import { fillAddress } from "../support/e2e-checkout.ts";
import { hydrated } from "../support/hydration.ts";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";

/*
 * Buying the paid plan (issue 12 §3, ADR 42): from /membership through the bag's membership line,
 * checkout without delivery, and a card payment on the local fake of Stripe, to the membership in
 * the account. A guest is sent to log in first.
 */

const PRO = { name: "Keepers' Club Pro", price: "€49.00" };
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

test("a new customer joins the paid plan through checkout and pays by card: the account shows it until a year from now", async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/membership");
  const join = page.getByRole("button", { name: `Join ${PRO.name}, ${PRO.price} a year` });
  await hydrated(join);
  await join.click();

  await expect(page).toHaveURL(/\/checkout$/);
  // The plan is the bag's one line (checkout's stripped header shows no bag).
  await expect(page.getByRole("list", { name: "Items" }).getByTestId("checkout-membership")).toHaveText(`1 × ${PRO.name} membership (12 months)${PRO.price}`);
  // Nothing is delivered: no method to choose, no delivery charged.
  await expect(page.getByRole("heading", { name: "Delivery", exact: true })).toBeHidden();
  await expect(page.getByTestId("checkout-totals")).not.toContainText("Delivery");
  await expect(page.getByTestId("checkout-total")).toHaveText(PRO.price);
  await fillAddress(page);
  await page.getByRole("radio", { name: /Card or wallet/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page.getByRole("heading", { name: `Pay ${PRO.price}` })).toBeVisible();
  const number = /KS-\d+/.exec((await page.getByText(/KS-\d+/).textContent())!)![0];
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByTestId("order-number")).toHaveText(`Order ${number}`);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");

  await page.goto("/my-account");
  const status = page.getByTestId("membership-status");
  await expect(status).toContainText(`${PRO.name} (${PRO.price} a year)`);
  const yearFromNow = new Date();
  yearFromNow.setUTCFullYear(yearFromNow.getUTCFullYear() + 1);
  await expect(status).toContainText(DATE.format(yearFromNow));
  // Buying the plan had no member price in it: nothing saved yet. Leaving is in the settings.
  await expect(page.getByTestId("member-savings")).toContainText("have not saved you anything yet");
  await page.getByRole("link", { name: "Membership settings" }).click();
  await expect(page).toHaveURL(/\/membership-world#membership-settings$/);
  await expect(
    page.getByRole("region", { name: "Membership settings" }).getByRole("button", { name: "Cancel the renewal" }),
  ).toBeVisible();
  // The bag is empty again: the plan went with the order.
  await page.goto("/bag");
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await context.close();
});

test("a guest who asks for the paid plan is sent to log in, to come back to /membership", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto("/membership");
  const join = page.getByRole("button", { name: `Join ${PRO.name}, ${PRO.price} a year` });
  await hydrated(join);
  await join.click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/membership");
  await expect(page.getByRole("heading", { name: "Log in", exact: true })).toBeVisible();
  await context.close();
});

test("the plans side by side: the paid plan is the one pointed at, and every plan's button has one size", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/membership");
    const pro = page.getByTestId("plan-pro");
    await expect(pro.getByText("Best value")).toBeVisible();
    await expect(page.getByTestId("plan-club").getByText("Best value")).toHaveCount(0);
    const join = (await pro.getByRole("button", { name: `Join ${PRO.name}, ${PRO.price} a year` }).boundingBox())!;
    const club = (await page.getByTestId("plan-club").getByRole("link", { name: "Log in to join" }).boundingBox())!;
    expect(Math.round(club.height), `at ${width} px`).toBe(Math.round(join.height));
    expect(Math.round(club.width), `at ${width} px`).toBe(Math.round(join.width));
    expect(join.height).toBeGreaterThanOrEqual(44);
  }
  await context.close();
});
