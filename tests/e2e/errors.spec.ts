import { expect, test } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";
import { clickLinkToNowhere } from "../support/nowhere-link.ts";

test("an unknown address answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("for every keeper, everywhere, always");
});

test("the not-found page says it got past the keeper and helps on: a search and the categories", async ({ page }) => {
  await page.goto("/no-such-page-here");
  await expect(page.getByText("It got past the keeper")).toBeVisible();
  const search = page.getByRole("search", { name: "Search the shop" });
  await search.getByRole("searchbox", { name: "Search the shop" }).fill("gloves");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=gloves$/);
  await page.goBack();
  const categories = page.getByRole("navigation", { name: "Or shop a category" }).getByRole("link");
  // Back on the 404 page: wait for its categories before counting them.
  await expect(categories.first()).toHaveAttribute("href", /^\/shop\/[a-z-]+$/);
  expect(await categories.count()).toBeGreaterThanOrEqual(4);
});

test("a deeper unknown address answers 404 too, and so does /404", async ({ page }) => {
  for (const path of ["/a/b/c", "/404"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  }
});

test("a client-side navigation to an unknown address shows the not-found page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page.locator("main"));
  await clickLinkToNowhere(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
});

test("/error shows the error page with its default message and status", async ({ page }) => {
  const response = await page.goto("/error");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error");
  await expect(page.getByTestId("error-status")).toHaveText("500");
  // What happened, and what to do.
  await expect(page.getByText("Something went wrong on our side, not yours.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/error");
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  const html = await response!.text();
  expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
});
