import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { hydrated } from "../support/hydration.ts";
import { MAX_LINE_QUANTITY } from "../../server/modules/cart/limits.ts";
import { addToBag, buyThroughApi, euros, fillAddress, optionInStock } from "../support/e2e-checkout.ts";
import { mailTo, newCustomer, newVisitor } from "../support/e2e-visitors.ts";

/*
 * Checkout in Chromium against the real server (issue 11): a guest by bank transfer with and
 * without JavaScript, a customer with a saved address and a promo code, a double click, and an
 * item selling out while the shopper checks out.
 */

for (const javaScriptEnabled of [true, false]) {
  test(`a guest orders by bank transfer ${javaScriptEnabled ? "with" : "without"} JavaScript, sees how to pay and gets the confirmation mail`, async ({
    browser,
  }) => {
    const context = await newVisitor(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const option = await optionInStock(page.request, 3, javaScriptEnabled ? 0 : 1);
    await addToBag(context, option.id, 2);
    await page.goto("/bag");
    await page.getByTestId("checkout-link").click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    if (javaScriptEnabled) await hydrated(page.getByRole("button", { name: "Place order" }));
    // Checkout's own frame (issue 27): the logo, "Secure checkout" and help; no menu, search or newsletter.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Safe Hands" })).toHaveAttribute("href", "/");
    await expect(banner).toContainText("Secure checkout");
    await expect(banner.getByRole("link", { name: "Help" })).toBeVisible();
    await expect(page.getByRole("search")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Shop" })).toHaveCount(0);
    await expect(page.getByTestId("newsletter-signup")).toHaveCount(0);

    const email = `guest-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
    await page.getByLabel("E-mail address").fill(email);
    // The address's fields are the country's (ADR 49): a US address has a state and a ZIP code, a Dutch one a postcode only.
    await expect(page.getByLabel("State")).toHaveCount(0);
    for (const [country, state] of [
      ["US", 1],
      ["NL", 0],
    ] as const) {
      await page.getByLabel("Country").selectOption(country);
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Use this country" }).click();
      await expect(page.getByLabel("State")).toHaveCount(state);
      await expect(page.getByLabel(state ? "ZIP code" : "Postcode")).toBeVisible();
    }
    await fillAddress(page);
    await page.getByRole("radio", { name: /Express delivery/ }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update delivery and total" }).click();
    // Express costs €9.95 whatever the items are worth.
    const total = `€${((2 * option.price + 995) / 100).toFixed(2)}`;
    await expect(page.getByTestId("checkout-total")).toHaveText(total);
    if (javaScriptEnabled) {
      // On a phone the order sits at the top, closed on its total; opened, it shows the items with their pictures.
      await page.setViewportSize({ width: 375, height: 812 });
      const toggle = page.getByTestId("checkout-summary-toggle");
      await expect(toggle.getByTestId("checkout-toggle-total")).toHaveText(total);
      await expect(toggle.getByText(option.name)).toBeHidden();
      await toggle.getByText("Order summary").click();
      await expect(toggle.getByText(option.name)).toBeVisible();
      await expect(toggle.locator("img").first()).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(toggle).toBeHidden();
    }
    if (!javaScriptEnabled) {
      // The page came back with what was typed.
      await expect(page.getByLabel("Street and house number")).toHaveValue("Keizersgracht 1");
    }
    await page.getByRole("button", { name: "Place order" }).click();

    await expect(page.getByText("Thank you for your order!")).toBeVisible();
    if (javaScriptEnabled) await expectNoViolations(page);
    const number = (await page.getByTestId("order-number").textContent())!.replace("Order ", "");
    expect(number).toMatch(/^KS-\d+$/);
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
    const bank = page.getByTestId("bank-details");
    await expect(bank).toContainText("NL91ABNA0417164300");
    await expect(bank).toContainText(number);
    // How to pay comes first, then where the order is: placed (now), paid, shipped, delivered.
    const tracker = page.getByTestId("status-tracker");
    expect((await bank.boundingBox())!.y).toBeLessThan((await tracker.boundingBox())!.y);
    await expect(tracker.getByRole("listitem")).toHaveText([/^Placed/, /^Paid\s*Not yet/, /^Shipped\s*Not yet/, /^Delivered\s*Not yet/]);
    await expect(tracker.locator('[aria-current="step"]')).toContainText("Placed");
    if (javaScriptEnabled) {
      // The IBAN and the reference copy with a press, to paste into a banking app.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await bank.getByRole("button", { name: "Copy IBAN" }).click();
      await expect(bank.getByRole("button", { name: "Copied IBAN" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("NL91ABNA0417164300");
      await bank.getByRole("button", { name: "Copy reference" }).click();
      await expect(bank.getByRole("button", { name: "Copied reference" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId("payment-reference").textContent());
    } else {
      await expect(bank.getByRole("button")).toHaveCount(0);
    }
    await expect(page.getByRole("table", { name: "Items in this order" })).toContainText(option.name);
    // Printed as the Dutch post writes it.
    await expect(page.getByRole("main").locator("address")).toHaveText(
      "Iris de VriesKeizersgracht 11015 CJ AmsterdamNetherlands",
    );
    // The bag is empty now.
    await page.goto("/bag");
    await expect(page.getByText("Your bag is empty.")).toBeVisible();

    const mail = await mailTo(email, new RegExp(`Your order ${number}`));
    expect(mail.text).toContain("NL91ABNA0417164300");
    expect(mail.text).toContain("We send it to: Iris de Vries, Keizersgracht 1, 1015 CJ Amsterdam, Netherlands.");
    // The mail's link opens the order for whoever has it, without an account.
    const link = /https?:\/\/\S+\/orders\/\S+/.exec(mail.text)![0];
    const stranger = await newVisitor(browser);
    const other = await stranger.newPage();
    await other.goto(new URL(link).pathname + new URL(link).search);
    await expect(other.getByTestId("order-number")).toHaveText(`Order ${number}`);
    // Without the link's token the order does not exist.
    const guessed = await other.goto(`/orders/${number}`);
    expect(guessed?.status()).toBe(404);
    await stranger.close();

    if (!javaScriptEnabled) {
      // One click on the order's page makes an account for its address; a mailed link chooses the
      // password, and the guest's order is then in the account's history.
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByRole("button", { name: "Create an account" }).click();
      await expect(page.getByTestId("account-made")).toContainText(`we sent ${email} a link to choose its password`);
      const welcome = await mailTo(email, /Choose a password/);
      const choose = new URL(welcome.links.find((l) => l.includes("/reset-password?code="))!);
      await page.goto(choose.pathname + choose.search);
      await page.getByLabel("New password", { exact: true }).fill("gloves for a rainy match");
      await page.getByLabel("Repeat the new password").fill("gloves for a rainy match");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.getByText("you are logged in")).toBeVisible();
      await page.goto("/my-account/order-history");
      await page.getByRole("link", { name: `View order ${number}` }).click();
      await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
    }
    await context.close();
  });
}

test("a customer orders to a saved address with a promo code, once despite a double click, and finds it in their history", async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  const saved = await context.request.post("/customers/me/addresses", {
    data: {
      firstName: "Sam",
      lastName: "Keeper",
      line1: "Hauptstraße 5",
      city: "Berlin",
      postalCode: "10115",
      country: "DE",
    },
  });
  expect(saved.status()).toBe(201);
  const option = await optionInStock(page.request, 2, 2);
  await addToBag(context, option.id, 1);
  await page.goto("/checkout");
  await hydrated(page.getByRole("button", { name: "Place order" }));
  // The saved address is chosen; Germany is in the EU zone (standard delivery €7.95, 19 % VAT).
  await expect(page.getByRole("radio", { name: /Hauptstraße 5/ })).toBeChecked();
  await expect(page.getByTestId("checkout-totals").getByText("Including VAT (19 %)")).toBeVisible();

  // A code too long to be one is said beside the field; the page comes back priced without it.
  await page.getByLabel("Promo code (optional)").fill("X".repeat(41));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This is too long for a promo code.")).toBeVisible();
  await page.getByLabel("Promo code (optional)").fill("nosuchcode");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This promo code does not exist.")).toBeVisible();
  await page.getByLabel("Promo code (optional)").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/WELCOME10 takes/)).toBeVisible();
  const total = euros((await page.getByTestId("checkout-total").textContent())!);
  const discount = Math.round(option.price / 10);
  const delivery = option.price - discount >= 10_000 ? 0 : 795;
  expect(Math.round(total * 100)).toBe(option.price - discount + delivery);

  await page.getByRole("button", { name: "Place order" }).dblclick();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.replace("Order ", "");

  const mine = (await (await context.request.get("/ecommerce/orders")).json()) as { data: { number: string }[] };
  expect(mine.data.map((o) => o.number)).toEqual([number]);

  await page.goto("/my-account/order-history");
  const row = page.getByRole("row").filter({ hasText: "Awaiting payment" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /view/i }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-totals")).toContainText("Discount (WELCOME10)");
  await expect(page.getByRole("main").locator("address")).toContainText("Hauptstraße 5");
  await expect(page.getByTestId("order-history")).toContainText("Awaiting payment (Order placed)");
  // "Buy again" puts the order's items back in the bag.
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByText(`The items of order ${number} are in your bag.`)).toBeVisible();
  await expect(page.getByTestId("bag-line")).toHaveCount(1);
  await context.close();
});

test("an item that sells out while the shopper checks out stops the order with a clear message", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const option = await optionInStock(page.request, 2, 3);
  // As many as there are, or as the bag takes of one option.
  const inBag = Math.min(option.stock, MAX_LINE_QUANTITY);
  await addToBag(context, option.id, inBag);
  await page.goto("/checkout");
  await hydrated(page.getByRole("button", { name: "Place order" }));
  await page.getByLabel("E-mail address").fill(`late-${Date.now()}@example.com`);
  await fillAddress(page);

  // Meanwhile others buy through the shop API, until fewer are left than the bag holds.
  const other = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  await buyThroughApi(other.request, option.id, option.stock - inBag + 1);
  await other.close();

  await page.getByRole("button", { name: "Place order" }).click();
  // Fewer are left than the bag holds (other tests may buy this option too: the number may be lower).
  await expect(page.getByTestId("form-error")).toContainText(option.name);
  await expect(page.getByTestId("form-error")).toHaveText(/^(Only \d+ of .* left\. Lower the quantity|.* has just sold out\.)/);
  await expect(page.getByTestId("checkout-problems")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
  await context.close();
});
