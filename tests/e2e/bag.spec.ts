import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MAX_LINE_QUANTITY } from "../../server/modules/cart/limits.ts";
import { addToBag, euro, euros, type Variant } from "../support/e2e-checkout.ts";
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
  // With JavaScript the choice itself changes the line: no button to press. (Chosen before the
  // page has hydrated, it would change nothing: the plain form needs its button.)
  await hydrated(line.getByLabel("Option"));
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

/** The open quick add's sheet of the product `name`. */
const sheetOf = (page: Page, name: string) => page.getByRole("dialog", { name: `Options of ${name}` });

/** Picks a colour with a size in stock in an open sheet, if none is chosen yet; returns the size buttons in stock. */
async function chooseColour(sheet: ReturnType<typeof sheetOf>) {
  const sizes = sheet.getByRole("group", { name: "Size" }).getByRole("button");
  const colours = sheet.getByRole("group", { name: /^Colour/ }).getByRole("button");
  await expect(colours.first()).toBeVisible();
  if ((await sheet.getByRole("group", { name: "Size" }).count()) === 0) {
    // The first colour not sold out in every size.
    await colours.filter({ hasNotText: "(sold out)" }).first().click();
  }
  return sizes.and(sheet.page().locator(":enabled"));
}

test("quick add from the grid: a sheet with the colour, then the size; a toast confirms, the header count goes up", async ({
  page,
}) => {
  await page.goto("/shop/gloves");
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Quick add/ }) })
    .first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await hydrated(card.getByRole("button", { name: `Quick add ${name}` }));
  await card.getByRole("button", { name: `Quick add ${name}` }).click();
  const sheet = sheetOf(page, name);
  await expect(sheet).toBeVisible();
  const option = (await chooseColour(sheet)).first();
  const label = (await option.textContent())!.trim();
  await option.click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${name} (` })).toBeVisible();
  await expect(bagCount(page)).toHaveText("1");
  await expect(sheet).toHaveCount(0);
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
  await expect(page.getByRole("dialog", { name: /^Options of / })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("dialog")).toHaveCount(0);
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
  // Another card's options, asked for after those arrived, shown: the first card's have been handled by now.
  const other = page.getByRole("button", { name: /^Quick add/ }).nth(1);
  await other.focus();
  await page.keyboard.press("Enter");
  const otherName = (await other.textContent())!.replace(/^Quick add\s*/, "");
  await expect(sheetOf(page, otherName).getByRole("group", { name: /^Colour/ })).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("dialog", { name: /^Options of / })).toHaveCount(1);
});

test.describe("quick add without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("leads to the product page, where the option is chosen", async ({ page }) => {
    await page.goto("/shop/gloves");
    const link = page.getByRole("link", { name: /^Choose options for / }).first();
    await expect(link).toHaveAttribute("href", /^\/shop\/gloves\/[a-z0-9-]+$/);
  });
});

test("the summary says how far the bag is from free delivery, from the shop's delivery rates", async ({ page }) => {
  const product = await productWithOptions(page.request);
  await addToBag(page, product.first.id, 1);
  await page.goto("/bag");
  // The demo shop's standard delivery to the Netherlands is free from €50.00 of items.
  const price = product.first.price;
  const meter = page.getByTestId("free-delivery");
  await expect(meter).toContainText(
    price >= 5000 ? "Standard delivery is free for this bag." : `${euro(5000 - price)} more for free delivery`,
  );
  await expect(meter).toContainText("Standard delivery to Netherlands");
});

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  /** Width and height of what a finger presses. */
  const size = async (locator: ReturnType<Page["locator"]>) => {
    const box = (await locator.boundingBox())!;
    return { width: Math.round(box.width), height: Math.round(box.height) };
  };

  test("quick add opens as a sheet from the bottom: the colour, then the size, and it adds", async ({ page }) => {
    await page.goto("/shop/gloves");
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("button", { name: /^Quick add/ }) })
      .first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    const trigger = card.getByRole("button", { name: `Quick add ${name}` });
    await hydrated(trigger);
    await trigger.click();
    const sheet = sheetOf(page, name);
    await expect(sheet).toBeVisible();
    // Along the screen's foot, the whole width.
    await expect(async () => {
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.x)).toBe(0);
      expect(Math.round(box.width)).toBe(375);
      expect(Math.round(box.y + box.height)).toBe(740);
    }).toPass();
    // No size before a colour (unless the product has one colour, chosen already).
    const colours = sheet.getByRole("group", { name: /^Colour/ }).getByRole("button");
    // The options are fetched when the sheet opens: read the colours once they show.
    await expect(colours.first()).toBeVisible();
    if ((await colours.count()) > 1) await expect(sheet.getByRole("group", { name: "Size" })).toHaveCount(0);
    const sizes = await chooseColour(sheet);
    for (const target of [colours.first(), sizes.first(), sheet.getByRole("button", { name: "Close" })]) {
      const { width, height } = await size(target);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    }
    await sizes.first().click();
    await expect(page.getByRole("status").filter({ hasText: `Added ${name} (` })).toBeVisible();
    await expect(sheet).toHaveCount(0);
    await expect(bagCount(page)).toHaveText("1");
  });

  test("quick add, compare and the bag's quantity buttons are targets of at least 44 px", async ({ page }) => {
    await page.goto("/shop/gloves");
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("button", { name: /^Quick add/ }) })
      .first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    for (const target of [
      card.getByRole("button", { name: `Quick add ${name}` }),
      card.getByRole("button", { name: `Compare ${name}` }),
    ]) {
      const { width, height } = await size(target);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    }

    const product = await productWithOptions(page.request);
    await addToBag(page, product.first.id, 2);
    await page.goto("/bag");
    for (const target of [
      lines(page).getByRole("button", { name: `One fewer ${product.name}` }),
      lines(page).getByRole("button", { name: `One more ${product.name}` }),
      lines(page).getByLabel(`Quantity of ${product.name}`),
      lines(page).getByRole("button", { name: `Remove ${product.name}` }),
    ]) {
      const { width, height } = await size(target);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    }
  });
});
