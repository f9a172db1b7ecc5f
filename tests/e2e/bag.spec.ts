import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MAX_LINE_QUANTITY } from "../../server/modules/cart/limits.ts";
import { addToBag, euros, type Variant } from "../support/e2e-checkout.ts";
import { holdRequests } from "../support/held-requests.ts";
import { hydrated } from "../support/hydration.ts";

interface Product {
  slug: string;
  name: string;
  variants: Variant[];
}

/**
 * A product with at least two options in stock, from the shop API: the first has `minStock` or
 * more, and fewer than a bag line's cap, so one more than its stock is a quantity the bag refuses
 * for the stock (not for the cap). Footwear: no spec buys it, so its stock stays as read while
 * other specs run at the same time.
 */
async function productWithOptions(
  request: APIRequestContext,
  minStock = 3,
): Promise<Product & { first: Variant; second: Variant }> {
  const listing = await request.get("/ecommerce/products?in_stock=1&category=footwear&page_size=60");
  const { data } = (await listing.json()) as { data: { slug: string }[] };
  for (const { slug } of data) {
    const product = ((await (await request.get(`/ecommerce/products/${slug}`)).json()) as { data: Product }).data;
    const inStock = product.variants.filter((v) => v.stock > 0);
    const first = inStock.find((v) => v.stock >= minStock && v.stock < MAX_LINE_QUANTITY);
    const second = inStock.find((v) => v !== first);
    if (first && second) return { ...product, first, second };
  }
  throw new Error("The demo shop has no footwear with two options in stock");
}

const lines = (page: Page) => page.getByTestId("bag-line");
const bagCount = (page: Page) => page.getByTestId("bag-count");

test("an empty bag says so and leads back to the shop", async ({ page }) => {
  await page.goto("/bag");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your bag");
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await expect(bagCount(page)).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Continue shopping" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("the bag keeps its lines behind a 7-day cookie that outlives the browser", async ({ page, browser }) => {
  const product = await productWithOptions(page.request);
  await addToBag(page, product.first.id, 2);
  const cookie = (await page.context().cookies()).find((c) => c.name === "cart_token");
  expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  // A browser restart: a new context holding only the persisted cookies.
  const state = await page.context().storageState();
  const restarted = await browser.newContext({ storageState: state });
  const again = await restarted.newPage();
  await again.goto("/bag");
  await expect(lines(again)).toHaveCount(1);
  await expect(lines(again).getByRole("heading")).toHaveText(product.name);
  await expect(bagCount(again)).toHaveText("2");
  await restarted.close();
});

test("quantities step, are typed and stay within the stock; totals come from the server", async ({ page }) => {
  const product = await productWithOptions(page.request);
  await addToBag(page, product.first.id, 1);
  await page.goto("/bag");
  const line = lines(page).first();
  const quantity = line.getByRole("spinbutton");
  await expect(quantity).toHaveValue("1");
  // One of an option: its price once, no line total repeating it.
  await expect(line.getByText(new RegExp(String((product.first.price / 100).toFixed(2))))).toHaveCount(1);
  await expect(line.getByTestId("line-total")).toHaveCount(0);

  await line.getByRole("button", { name: `One more ${product.name}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(bagCount(page)).toHaveText("2");
  expect(euros((await line.getByTestId("line-total").textContent())!)).toBeCloseTo((2 * product.first.price) / 100, 2);
  expect(euros((await page.getByTestId("bag-subtotal").textContent())!)).toBeCloseTo((2 * product.first.price) / 100, 2);

  await line.getByRole("button", { name: `One fewer ${product.name}` }).click();
  await expect(quantity).toHaveValue("1");
  await expect(line.getByRole("button", { name: `One fewer ${product.name}` })).toBeDisabled();

  // More than the stock: a clear message, and the bag unchanged.
  await quantity.fill(String(product.first.stock + 1));
  await quantity.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sorry, only ${product.first.stock} left in stock.` })).toBeVisible();
  await expect(quantity).toHaveValue("1");
  await quantity.fill("2");
  await quantity.press("Enter");
  await expect(quantity).toHaveValue("2");
  await expect(page.getByTestId("bag-items")).toHaveText("2");
});

test("a line's option can be changed, and lines removed down to the empty bag", async ({ page }) => {
  const product = await productWithOptions(page.request);
  await addToBag(page, product.first.id, 1);
  await page.goto("/bag");
  const line = lines(page).first();
  // With JavaScript the choice itself changes the line: no button to press.
  const changed = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/bag"));
  await line.getByLabel("Option").selectOption(String(product.second.id));
  await changed;
  await expect(line.getByLabel("Option")).toHaveValue(String(product.second.id));
  await page.reload();
  await expect(lines(page).first().getByLabel("Option")).toHaveValue(String(product.second.id));

  await lines(page)
    .first()
    .getByRole("button", { name: `Remove ${product.name}` })
    .click();
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await expect(bagCount(page)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every bag action is a form that lands back on the bag with a message", async ({ page }) => {
    const product = await productWithOptions(page.request);
    await addToBag(page, product.first.id, 1);
    await page.goto("/bag");
    // The add above was a form post too: the bag says what it did, once.
    const notice = page.getByRole("main").getByRole("status");
    await expect(notice).toHaveText(`Added ${product.name} (${product.first.size}, ${product.first.colour}) to your bag.`);

    await lines(page)
      .first()
      .getByRole("button", { name: `One more ${product.name}` })
      .click();
    await expect(notice).toHaveText("Your bag is updated.");
    await expect(lines(page).first().getByRole("spinbutton")).toHaveValue("2");

    await lines(page).first().getByLabel("Option").selectOption(String(product.second.id));
    await lines(page).first().getByRole("button", { name: "Change" }).click();
    await expect(lines(page).first().getByLabel("Option")).toHaveValue(String(product.second.id));

    await lines(page).first().getByRole("spinbutton").fill("500");
    await lines(page).first().getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      `You can order at most ${MAX_LINE_QUANTITY} of one option.`,
    );

    await lines(page)
      .first()
      .getByRole("button", { name: `Remove ${product.name}` })
      .click();
    await expect(notice).toHaveText(`Removed ${product.name} from your bag.`);
    await expect(page.getByText("Your bag is empty.")).toBeVisible();

    // The message is shown once.
    await page.reload();
    await expect(notice).toHaveCount(0);
  });
});

test("quick add from the grid: the shopper picks an option, a toast confirms, the header count goes up", async ({ page }) => {
  await page.goto("/shop/gloves");
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Quick add/ }) })
    .first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("button", { name: `Quick add ${name}` }).click();
  const options = card.getByRole("group", { name: `Options of ${name}` });
  const option = options.getByRole("button").and(page.locator(":enabled")).first();
  const label = (await option.textContent())!.trim();
  await option.click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${name} (` })).toBeVisible();
  await expect(bagCount(page)).toHaveText("1");
  await expect(options).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Quick add ${name}` })).toBeFocused();

  await page.goto("/bag");
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).getByRole("heading")).toHaveText(name);
  const [size, colour] = label.split(" · ");
  await expect(lines(page).getByLabel("Option").locator("option:checked")).toHaveText(`${size} · ${colour}`);
});

test("quick add closes with Escape and gives focus back", async ({ page }) => {
  await page.goto("/shop/gloves");
  const trigger = page.getByRole("button", { name: /^Quick add/ }).first();
  await hydrated(trigger);
  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(trigger).toBeFocused();
});

test("quick add closed while its options load stays closed when they arrive", async ({ page }) => {
  const release = await holdRequests(page, "**/ecommerce/products/*");
  await page.goto("/shop/gloves");
  const trigger = page.getByRole("button", { name: /^Quick add/ }).first();
  await hydrated(trigger);
  await trigger.click();
  await expect(page.getByText("Loading options…")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  const arrived = page.waitForEvent("requestfinished", (request) => request.url().includes("/ecommerce/products/"));
  release();
  await arrived;
  // Another card's options, asked for after those arrived, shown: the first card's have been
  // handled by now. Opened from the keyboard, as a pointer press anywhere would close an open panel.
  const other = page.getByRole("button", { name: /^Quick add/ }).nth(1);
  await other.focus();
  await page.keyboard.press("Enter");
  const otherName = (await other.textContent())!.replace(/^Quick add\s*/, "");
  await expect(
    page
      .getByRole("group", { name: `Options of ${otherName}` })
      .getByRole("button")
      .first(),
  ).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("group", { name: /^Options of / })).toHaveCount(1);
});

test.describe("quick add without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("leads to the product page, where the option is chosen", async ({ page }) => {
    await page.goto("/shop/gloves");
    const link = page.getByRole("link", { name: /^Choose options for / }).first();
    await expect(link).toHaveAttribute("href", /^\/shop\/gloves\/[a-z0-9-]+$/);
  });
});
