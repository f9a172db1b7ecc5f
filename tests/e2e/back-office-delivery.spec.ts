import { expect, test } from "@playwright/test";
import { ownerOn } from "../support/e2e-back-office.ts";
import { addToBag, optionInStock } from "../support/e2e-checkout.ts";
import { hydrated } from "../support/hydration.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * A new delivery zone used at checkout (issue 25 §5, §6; ADR 68): the owner, on a phone-sized
 * screen, adds a zone with a country the demo shop does not deliver to, its VAT rate and a method;
 * a guest then orders to that country by bank transfer and pays the method's price. Each
 * repetition takes its own country, and a zone of its own name.
 */

// Countries outside the demo shop's zones, with a plain postcode and town (Google's "%Z %C").
const PLACES = [
  { country: "RS", postcode: "11000", town: "Belgrade" },
  { country: "GE", postcode: "0105", town: "Tbilisi" },
  { country: "TN", postcode: "1002", town: "Tunis" },
];

test("the owner adds a delivery zone with a new country, a VAT rate and a method; a shopper orders there and pays its price", async ({
  browser,
}) => {
  const place = PLACES[test.info().repeatEachIndex % PLACES.length]!;
  const run = Date.now().toString(36);
  const zoneName = `Zone ${place.country} ${run}`;
  const methodName = `Courier ${place.country} ${run}`;
  // 12.34 plus a few cents per repetition: the price seen at checkout is this zone's.
  const price = 1234 + test.info().repeatEachIndex;

  const page = await ownerOn(browser, "/admin/delivery", 7);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { level: 1, name: "Delivery and VAT" })).toBeVisible();
  const newZone = page.locator("section", { has: page.getByRole("heading", { name: "New delivery zone" }) });
  await newZone.getByLabel("Zone name").fill(zoneName);
  await newZone.getByLabel("Countries", { exact: true }).fill(place.country.toLowerCase());
  await newZone.getByLabel("VAT rate (%) of the countries without one").fill("20");
  await newZone.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Zone added: the shop delivers to its countries now.")).toBeVisible();

  const zone = page.locator("section", { has: page.getByRole("heading", { name: zoneName, exact: true }) });
  await expect(zone.getByRole("button", { name: `Remove ${place.country}` })).toBeVisible();
  await zone.getByText("Add a delivery method").click();
  await zone.getByLabel("Name", { exact: true }).fill(methodName);
  await zone.getByLabel("Price", { exact: true }).fill((price / 100).toFixed(2));
  await zone.getByLabel("Fewest days").fill("3");
  await zone.getByLabel("Most days").fill("6");
  await zone.getByRole("button", { name: "Add method" }).click();
  await expect(page.getByText("Delivery method added.")).toBeVisible();
  await expect(zone.getByTestId("delivery-method")).toContainText(methodName);
  // The settings pages fit a phone too: nothing wider than the screen.
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await fits();
  await page.getByText("Menu", { exact: true }).click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("IBAN")).toHaveValue(/^[A-Z]{2}\d{2}/);
  await fits();
  await page.goto("/admin/memberships");
  await expect(page.getByRole("heading", { level: 1, name: "Memberships" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save plan" }).first()).toBeVisible();
  await fits();
  await page.context().close();

  const context = await newVisitor(browser);
  const shopper = await context.newPage();
  const option = await optionInStock(shopper.request, 2, test.info().repeatEachIndex, "protection");
  await addToBag(context, option.id, 1);
  await shopper.goto("/checkout");
  await hydrated(shopper.getByRole("button", { name: "Place order" }));
  await shopper.getByLabel("E-mail address").fill(`zone-${place.country.toLowerCase()}-${run}@example.com`);
  await shopper.getByLabel("Country").selectOption(place.country);
  await expect(shopper.getByLabel("State")).toHaveCount(0);
  await shopper.getByLabel("First name").fill("Mila");
  await shopper.getByLabel("Last name").fill("Petrovic");
  await shopper.getByLabel("Street and house number").fill("Main Street 4");
  await shopper.getByLabel("Postcode").fill(place.postcode);
  await shopper.getByLabel("Town or city").fill(place.town);
  // The methods are the country's once the delivery is worked out again.
  await shopper.getByRole("button", { name: "Update delivery and total" }).click();
  const method = shopper.getByRole("radio", { name: new RegExp(methodName) });
  await expect(method).toBeChecked();
  await expect(shopper.getByRole("radio", { name: /Express delivery/ })).toHaveCount(0);
  await expect(shopper.getByTestId("checkout-total")).toHaveText(`€${((option.price + price) / 100).toFixed(2)}`);
  await shopper.getByRole("button", { name: "Place order" }).click();
  await expect(shopper.getByText("Thank you for your order!")).toBeVisible();
  await expect(shopper.getByTestId("bank-details")).toBeVisible();
  await expect(shopper.getByText(methodName)).toBeVisible();
  await context.close();
});
