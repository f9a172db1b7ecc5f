import { expect, test, type Page } from "@playwright/test";
import { addToBag, buyThroughApi, fillAddress, optionInStock, stockOf } from "../support/e2e-checkout.ts";
import { hydrated } from "../support/hydration.ts";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";
import { startShop } from "../support/shop-server.ts";

/*
 * Live updates in the browser (issue 13 §1, §4): pages follow what they show over the WebSocket
 * connection (GraphQL subscriptions), without reloading.
 */

/**
 * Each test (and each repetition of it) takes a product of its own from the end of the training
 * category, which no other spec shops in; `which` tells this spec's tests apart.
 */
const ownProduct = (which: number) => test.info().repeatEachIndex * 4 + which;

/**
 * The frames a page sends on its live connection, from now on: a test waits for its subscribe
 * message before changing what the page follows, so that the change cannot come first.
 */
function liveFramesOf(page: Page): string[] {
  const sent: string[] = [];
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname === "/graphql") ws.on("framesent", (frame) => sent.push(String(frame.payload)));
  });
  return sent;
}

async function subscribedTo(sent: string[], field: string) {
  await expect.poll(() => sent.some((frame) => frame.includes('"subscribe"') && frame.includes(field))).toBe(true);
}

test("two shoppers on one product: when one buys the last unit, the other's page says it is out of stock without reloading", async ({
  browser,
}) => {
  const watcherContext = await newVisitor(browser);
  const watcher = await watcherContext.newPage();
  // A product of its own (other specs take the first ones of the same category).
  const option = await optionInStock(watcher.request, 2, ownProduct(0), "training");
  // Others buy all but the last unit.
  for (let left = await stockOf(watcher.request, option); left > 1; left = await stockOf(watcher.request, option)) {
    await buyThroughApi(watcher.request, option.id, Math.min(left - 1, 99));
  }

  let documentLoads = 0;
  watcher.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads++;
  });
  const sent = liveFramesOf(watcher);
  await watcher.goto(`/shop/training/${option.slug}?variant=${option.id}`);
  await hydrated(watcher.getByRole("button", { name: "Add to bag" }));
  // The page follows the product's stock once it has loaded.
  await subscribedTo(sent, "stockChanged");

  const buyerContext = await newVisitor(browser);
  const buyer = await buyerContext.newPage();
  await addToBag(buyerContext, option.id, 1);
  await buyer.goto("/checkout");
  await hydrated(buyer.getByRole("button", { name: "Place order" }));
  await buyer.getByLabel("E-mail address").fill(`last-unit-${Date.now()}@example.com`);
  await fillAddress(buyer);
  await buyer.getByRole("button", { name: "Place order" }).click();
  await expect(buyer.getByText("Thank you for your order!")).toBeVisible();

  const stock = watcher.locator(".stock-message");
  await expect(stock).toHaveText("Out of stock");
  await expect(watcher.getByRole("button", { name: "Sold out" })).toBeDisabled();
  expect(documentLoads).toBe(1);
  await Promise.all([watcherContext.close(), buyerContext.close()]);
});

test("an open quick add marks an option sold out when another shopper buys the last of it", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const option = await optionInStock(page.request, 3, ownProduct(3), "training");
  const sent = liveFramesOf(page);
  await page.goto(`/search?q=${encodeURIComponent(option.name)}`);
  const card = page
    .locator("article")
    .filter({ has: page.getByRole("button", { name: `Quick add ${option.name}` }) })
    .first();
  await hydrated(card.getByRole("button", { name: `Quick add ${option.name}` }));
  await card.getByRole("button", { name: `Quick add ${option.name}` }).click();
  // The sheet asks for the colour first, then offers its sizes (ADR 81).
  await card
    .getByRole("dialog")
    .getByRole("group", { name: /^Colour/ })
    .getByRole("button", { name: new RegExp(`^${option.colour}`) })
    .click();
  const choice = card.getByRole("button", { name: new RegExp(`^${option.size} · ${option.colour}`) });
  await expect(choice).toBeEnabled();
  await subscribedTo(sent, "stockChanged");

  // One at a time: the last is bought well after the page's subscription has reached the server.
  for (let left = await stockOf(page.request, option); left > 0; left = await stockOf(page.request, option)) {
    await buyThroughApi(page.request, option.id, 1);
  }
  await expect(choice).toBeDisabled();
  await expect(choice).toHaveAccessibleName(`${option.size} · ${option.colour} (sold out)`);
  await context.close();
});

test("a customer's order page shows the payment arriving, with a toast, while the payment is made in another tab", async ({
  browser,
}) => {
  const { context, page: paying } = await newCustomer(browser);
  const option = await optionInStock(paying.request, 2, ownProduct(1), "training");
  await addToBag(context, option.id, 1);
  await paying.goto("/checkout");
  await hydrated(paying.getByRole("button", { name: "Place order" }));
  await fillAddress(paying);
  await paying.getByRole("radio", { name: /Card or wallet/ }).check();
  await paying.getByRole("button", { name: "Place order" }).click();
  await expect(paying.getByRole("heading", { name: /^Pay / })).toBeVisible();
  const number = /KS-\d+/.exec((await paying.getByText(/KS-\d+/).textContent())!)![0];

  const watching = await context.newPage();
  const sent = liveFramesOf(watching);
  await watching.goto("/my-account/order-history");
  await watching.getByRole("link", { name: `View order ${number}` }).click();
  const status = watching.getByRole("definition").filter({ hasText: /^(Awaiting payment|Paid)$/ });
  await expect(status).toHaveText("Awaiting payment");
  await subscribedTo(sent, "orderUpdated");

  await paying.getByRole("button", { name: "Pay", exact: true }).click();
  // The toast shows for 3 seconds: looked for first.
  await expect(watching.getByRole("status").getByText(`Order ${number} is now paid.`)).toBeVisible();
  await expect(status).toHaveText("Paid");
  await expect(paying.getByTestId("order-status")).toHaveText("Paid");
  await context.close();
});

test("a customer's bag count follows a change made in another tab", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  const sent = liveFramesOf(page);
  await page.reload();
  await hydrated(page.locator("main"));
  await expect(page.getByTestId("bag-count")).toHaveCount(0);
  await subscribedTo(sent, "bagChanged");

  const option = await optionInStock(page.request, 3, ownProduct(2), "training");
  // Another tab of the same browser puts two in the bag.
  const other = await context.newPage();
  await other.goto(`/shop/training/${option.slug}?variant=${option.id}`);
  await hydrated(other.getByRole("button", { name: "Add to bag" }));
  await other.getByLabel("Quantity").fill("2");
  await other.getByRole("button", { name: "Add to bag" }).click();
  await expect(other.getByTestId("bag-count")).toHaveText("2");

  await expect(page.getByTestId("bag-count")).toHaveText("2");
  await context.close();
});

test("the live connection comes back by itself after the server restarts, and the page follows the stock again", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A shop of its own, to restart; like the shared one it believes each shopper's address (X-Forwarded-For).
  let shop = await startShop({ env: { TRUST_PROXY: "1" } });
  const context = await browser.newContext({ baseURL: shop.url });
  try {
    const page = await context.newPage();
    const option = await optionInStock(page.request, 3, 0, "gloves");
    const sent = liveFramesOf(page);
    await page.goto(`/shop/gloves/${option.slug}?variant=${option.id}`);
    await hydrated(page.getByRole("button", { name: "Add to bag" }));
    await subscribedTo(sent, "stockChanged");

    expect(await shop.stop()).toBe(0);
    shop = await startShop({ dataDir: shop.dataDir, port: shop.port, env: { TRUST_PROXY: "1" } });
    // Subscribed again on a new connection: a second subscribe message.
    await expect
      .poll(() => sent.filter((frame) => frame.includes('"subscribe"') && frame.includes("stockChanged")).length, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(2);

    // One at a time: the last is bought well after the page's new subscription has reached the server.
    for (let left = await stockOf(page.request, option); left > 0; left = await stockOf(page.request, option)) {
      await buyThroughApi(page.request, option.id, 1);
    }
    await expect(page.locator(".stock-message")).toHaveText("Out of stock");
  } finally {
    await context.close();
    await shop.stop();
  }
});
