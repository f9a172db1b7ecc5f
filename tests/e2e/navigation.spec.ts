import { expect, test } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";

test("the menu lists the categories and sub-categories from the database and navigates", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  // The click below must be the shop's client-side navigation, which is there once hydrated.
  await hydrated(page.locator("main"));
  const menu = page.getByRole("navigation", { name: "Shop", exact: true });
  const gloves = menu.getByRole("link", { name: "Gloves", exact: true });
  await expect(gloves).toBeVisible();
  expect(await menu.locator(":scope > ul > li").count()).toBeGreaterThanOrEqual(8);

  await gloves.hover();
  const subMenu = menu
    .locator("li")
    .filter({ has: page.getByRole("link", { name: "Gloves", exact: true }) })
    .locator("ul");
  await expect(subMenu).toBeVisible();
  expect(await subMenu.getByRole("link").count()).toBeGreaterThanOrEqual(2);

  // With JavaScript the click is a client-side navigation: the document stays the same.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await gloves.click();
  await expect(page).toHaveURL(/\/shop\/gloves$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gloves");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("at 1280 px a category opens its large panel on hover and on keyboard focus: its sub-categories and its picture, on the page grid", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Shop", exact: true });
  const item = (name: string) => menu.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  const gloves = item("Gloves");
  const picture = gloves.getByRole("link", { name: "Shop all gloves" });
  await expect(picture).toBeHidden();
  await gloves.getByRole("link", { name: "Gloves", exact: true }).hover();
  await expect(picture).toBeVisible();
  await expect(gloves.getByRole("link", { name: "Match gloves" })).toBeVisible();
  // The category's drawn tile until the owner uploads a picture, at the size the panel shows it.
  await expect(picture.locator("img")).toHaveAttribute("src", "/images/cover/480?src=%2Fmedia%2Fart%2Fcategories%2Fgloves.webp");
  // The panel's content starts where the page's content does (container-page), under the whole header.
  const panel = (await picture.boundingBox())!;
  const logo = (await page.getByRole("banner").getByRole("link", { name: "Safe Hands" }).boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(panel.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  const list = (await gloves.getByRole("link", { name: "Match gloves" }).boundingBox())!;
  expect(Math.abs(list.x - logo.x)).toBeLessThan(4);
  expect(panel.x + panel.width).toBeLessThanOrEqual(1280 - 55 + 1);

  // The pointer away: closed. The keyboard reaches the next category: its panel opens, the first one stays closed.
  await page.mouse.move(640, 800);
  await expect(picture).toBeHidden();
  await item("Apparel").getByRole("link", { name: "Apparel", exact: true }).focus();
  await expect(item("Apparel").getByRole("link", { name: "Shop all apparel" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveText(await item("Apparel").locator(".mega li a").first().innerText());
  await expect(picture).toBeHidden();
});

test("on a phone the menu opens as a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Shop", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Shop", exact: true });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Apparel", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/apparel$/);
  await expect(drawer).toBeHidden();
});

test("at 375 px the drawer keeps the focus inside while open, and Escape closes it and gives the focus back to the menu button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  // The trap is JavaScript's: wait for it.
  await hydrated(page.locator("main"));
  const button = page.getByRole("button", { name: "Menu" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  // Full height, over a dimmed page.
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBe(740);
  expect(await dialog.evaluate((element) => getComputedStyle(element, "::backdrop").backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  // The focus moved in, onto the close button.
  await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
  // Rows a thumb can hit; News, Membership and the account in it.
  for (const name of ["Gloves", "Sale", "News", "Membership", "Log in", "Bag"]) {
    const row = dialog.getByRole("link", { name, exact: true });
    expect((await row.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
  }
  // A category's sub-categories open under its row.
  await dialog.getByLabel("Gloves: sub-categories").click();
  await expect(dialog.getByRole("link", { name: "Match gloves" })).toBeVisible();

  // Tab through every control and round again: the focus never leaves the drawer.
  const inside = () => page.evaluate(() => document.getElementById("shop-drawer")!.contains(document.activeElement));
  const controls = await dialog.locator("a[href]:visible, button:visible, summary:visible").count();
  for (let i = 0; i < controls + 3; i++) {
    await page.keyboard.press("Tab");
    expect(await inside(), `Tab ${i + 1}`).toBe(true);
  }
  await dialog.getByRole("button", { name: "Close menu" }).focus();
  await page.keyboard.press("Shift+Tab");
  expect(await inside()).toBe(true);
  await expect(dialog.getByRole("link", { name: "Bag", exact: true })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  // The close button and the backdrop close it too.
  await button.click();
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(dialog).toBeHidden();
  await button.click();
  await page.mouse.click(365, 400);
  await expect(dialog).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server renders the page and the menu drawer still opens and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("for every keeper, everywhere, always");
    expect(await page.getByTestId("product-card").count()).toBeGreaterThanOrEqual(8);
    await page.getByRole("button", { name: "Menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    // The browser's own popover: the focus moves in, Escape closes it and gives the focus back.
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("navigation", { name: "Shop", exact: true });
    await drawer.getByLabel("Footwear: sub-categories").click();
    await expect(drawer.getByRole("link", { name: "Indoor" })).toBeVisible();
    await drawer.getByRole("link", { name: "Footwear", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/footwear$/);
  });

  test("at 1280 px a category's large panel opens on hover", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Shop", exact: true });
    await menu.getByRole("link", { name: "Protection", exact: true }).hover();
    await expect(menu.getByRole("link", { name: "Shop all protection" })).toBeVisible();
  });
});

test("a page names only its own routes; the routes its links lead to are learnt once it has loaded, not when a link is followed", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // The routes learnt are added to the page's manifest: held back until the page's own are read.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/__manifest?*", async (route) => {
    await released;
    await route.continue();
  });
  const learnt = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.goto("/");
  const known = await page.evaluate(() =>
    Object.keys(
      (window as unknown as { __reactRouterManifest: { routes: Record<string, unknown> } }).__reactRouterManifest.routes,
    ),
  );
  release();
  // The home page and its parent only, not the shop's other pages.
  expect(known).toEqual(expect.arrayContaining(["root", "routes/site/home"]));
  expect(known).not.toContain("shop-category");
  const answer = await learnt;
  expect(answer.status()).toBe(200);
  expect(Object.keys((await answer.json()) as object)).toContain("shop-category");

  await hydrated(page.locator("main"));
  const clickedAt = requested.length;
  await page.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gloves");
  // The page's data was the navigation's first request: no route had to be asked for first.
  const sinceClick = requested.slice(clickedAt);
  const data = sinceClick.indexOf("/shop/gloves.data");
  expect(data).toBeGreaterThanOrEqual(0);
  expect(sinceClick.slice(0, data)).not.toContain("/__manifest");
});
