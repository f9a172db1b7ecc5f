import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * axe-core's automated WCAG 2.1 A and AA checks on the shop's pages, as a shopper sees them:
 * with JavaScript, after hydration, with real data (a filtered listing, a bag with a line, a
 * comparison, a logged-in account). Automated checks find about a third of accessibility
 * problems; the keyboard and screen-reader behaviour of each control is tested beside it.
 */

const PUBLIC_PAGES = [
  "/",
  "/shop",
  "/shop/gloves?size=8&attr.grip=Wet",
  "/shop/gloves/sub",
  "/brands/grip-theory",
  "/shop/gloves/solid-lock-max-training-glove",
  "/search?q=glove",
  "/news-and-media",
  "/news-and-media/news",
  "/login",
  "/sign-up",
  "/forgot-password",
  "/recover-user",
  "/no-such-page",
];

for (const path of PUBLIC_PAGES) {
  test(`${path} passes axe's WCAG 2.1 AA checks`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page.locator("main"));
    await expectNoViolations(page);
  });
}

test("the bag, the comparison and checkout pass axe's checks", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto("/shop/gloves/solid-lock-max-training-glove");
  await hydrated(page.getByRole("button", { name: "Add to bag" }));
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Bag, 1 item/ })).toBeVisible();
  await page
    .getByRole("button", { name: /^Compare / })
    .first()
    .click();
  await expect(page.getByRole("button", { name: /^Compare / }).first()).toHaveAttribute("aria-pressed", "true");
  // Pressed shows at once; the header's count follows the server's answer, so the list is saved.
  await expect(page.getByRole("link", { name: "Compare products (1)" })).toBeVisible();

  await page.goto("/bag");
  await hydrated(page.locator("main"));
  await expectNoViolations(page);
  await page.goto("/compare-products");
  await hydrated(page.locator("main"));
  await expectNoViolations(page);
  // Checkout (the order page it leads to is checked in checkout.spec.ts, which buys from stock
  // no other spec reads).
  await page.goto("/checkout");
  await hydrated(page.getByRole("button", { name: "Place order" }));
  await expectNoViolations(page);
  await context.close();
});

test("the account area passes axe's checks", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);

  for (const path of [
    "/my-account",
    "/my-account/personal-details",
    "/my-account/delivery-addresses",
    "/my-account/communication-preferences",
    "/my-account/order-history",
  ]) {
    await page.goto(path);
    await hydrated(page.locator("main"));
    await expectNoViolations(page);
  }
  await context.close();
});
