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

test("on a phone the menu opens as a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Shop", exact: true })).toBeHidden();
  await page.locator('label[for="shop-menu-open"]').click();
  const drawer = page.getByRole("navigation", { name: "Shop" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Apparel", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/apparel$/);
  await expect(drawer).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server renders the page and the menu drawer still opens and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("for every keeper, everywhere, always");
    expect(await page.getByTestId("product-card").count()).toBeGreaterThanOrEqual(8);
    await page.locator('label[for="shop-menu-open"]').click();
    const drawer = page.getByRole("navigation", { name: "Shop" });
    await drawer.getByRole("link", { name: "Footwear", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/footwear$/);
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
