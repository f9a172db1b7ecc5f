import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration.ts";
import { clickLinkToNowhere } from "../support/nowhere-link.ts";

const HOME_HEADING = "for every keeper, everywhere, always";

/** Records every state the progress bar shows, however briefly, from now on. */
async function recordProgressStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressStates: string[] }).progressStates = seen;
    const note = () => {
      const state = document.querySelector('[role="progressbar"]')?.getAttribute("data-state") ?? "hidden";
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    // The document itself: React may replace <body> when the page switches to or from an error.
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-state"],
    });
    // The state now, so the record does not depend on whether anything changes before the test acts.
    note();
  });
  return () => page.evaluate(() => (window as unknown as { progressStates: string[] }).progressStates);
}

test("the scroll position is restored on back, and a new page starts at the top", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto("/");
  await hydrated(page.locator("main"));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bottom = await page.evaluate(() => window.scrollY);
  expect(bottom).toBeGreaterThan(500);

  await page.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_HEADING);
  // Back where it was, give or take a few pixels of layout.
  await expect.poll(() => page.evaluate((y) => Math.abs(window.scrollY - y), bottom)).toBeLessThanOrEqual(10);
});

test("a slow navigation shows the progress bar, which turns red when the page fails", async ({ page }) => {
  await page.goto("/");
  await hydrated(page.locator("main"));
  await page.route("**/no-such-page.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const states = await recordProgressStates(page);
  await clickLinkToNowhere(page);
  const bar = page.getByRole("progressbar", { name: "Loading the page" });
  await expect(bar).toHaveAttribute("data-state", "running");
  // The page does not exist (404): the navigation ends as a failure and the bar says so.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await expect(bar).toBeHidden();
  // However briefly each showed: running, then red (the last "hidden" may come after this check).
  expect((await states()).slice(0, 3)).toEqual(["hidden", "running", "failed"]);
});

test("a slow successful navigation shows the progress bar until the page is there", async ({ page }) => {
  await page.goto("/no-such-page");
  await hydrated(page.locator("main"));
  // The home page's data request (its address format is React Router's business).
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  const states = await recordProgressStates(page);
  await page.getByRole("link", { name: "Back to the home page" }).click();
  const bar = page.getByRole("progressbar", { name: "Loading the page" });
  await expect(bar).toHaveAttribute("data-state", "running");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_HEADING);
  await expect(bar).toBeHidden();
  // However briefly each showed: running, then done (the last "hidden" may come after this check).
  expect((await states()).slice(0, 3)).toEqual(["hidden", "running", "done"]);
});

test("a failed chunk load reloads the page once, and not again within a minute", async ({ page }) => {
  await page.goto("/");
  await hydrated(page.locator("main"));
  // The catch-all route's chunk, as the route manifest names it (asked for: a page's HTML names
  // only its own routes).
  const chunk = await page.evaluate(async () => {
    const { version } = (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest;
    const answer = await fetch(`/__manifest?${new URLSearchParams({ paths: "/no,/no/such-page", version })}`);
    return ((await answer.json()) as Record<string, { module: string }>)["catch-all"]!.module;
  });
  await page.route(`**${chunk}`, (route) => route.abort());
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads++;
  });

  const reloaded = page.waitForEvent("load");
  // An address deeper than one segment names no page: the catch-all route's chunk is asked for.
  await clickLinkToNowhere(page, "/no/such-page");
  await reloaded;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_HEADING);
  expect(documentLoads).toBe(1);

  // The chunk still fails: within the minute the page does not reload again; the navigation ends
  // on the error page instead (here the not-found page, as the address does not exist).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await clickLinkToNowhere(page, "/no/such-page");
  await expect(page).toHaveURL(/\/no\/such-page$/);
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  // A reload would have been asked for before the error page showed, so before a request the page
  // sends now has come back: after it, the page is still the one the chunk failed on.
  expect(await page.evaluate(() => fetch("/healthz").then((answer) => answer.status))).toBe(200);
  expect(documentLoads).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("going offline shows a notice; coming back shows a toast that closes by X, by swipe or by itself", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await hydrated(page.locator("main"));
  await context.setOffline(true);
  await expect(page.getByText("You are offline.")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("You are offline.")).toBeHidden();
  const toast = page.getByRole("status").getByText("You are back online.");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan((page.viewportSize()!.width * 3) / 4);
  expect(box.y).toBeLessThan(100);
  await page.getByRole("button", { name: "Close notification" }).click();
  await expect(toast).toBeHidden();

  // A swipe shorter than 80 px leaves it; a longer one closes it.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(toast).toBeVisible();
  const item = page.locator("[data-toast]");
  const start = (await item.boundingBox())!;
  const y = start.y + start.height / 2;
  await page.mouse.move(start.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(start.x + 60, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toBeVisible();
  await page.mouse.move(start.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(start.x + 130, y, { steps: 6 });
  await page.mouse.up();
  await expect(toast).toBeHidden();

  // Left alone, it goes after 3 seconds.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 600);
  await expect(toast).toBeHidden({ timeout: 4500 });
});

test("a link to a target on another page scrolls to that target", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto("/no-such-page");
  // Added before hydration, the link would be thrown away with the server's HTML.
  await hydrated(page.locator("main"));
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/#brands-title";
    link.textContent = "Our brands";
    link.id = "to-brands";
    document.querySelector("main")!.append(link);
  });
  await page.evaluate(() => document.getElementById("to-brands")!.click());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_HEADING);
  await expect(page.getByRole("heading", { name: "Our brands" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test("client-side navigations run as a view transition", async ({ page }) => {
  await page.goto("/");
  await hydrated(page.locator("main"));
  await page.evaluate(() => {
    const original = document.startViewTransition.bind(document);
    (window as unknown as { transitions: number }).transitions = 0;
    document.startViewTransition = ((...args: Parameters<typeof original>) => {
      (window as unknown as { transitions: number }).transitions++;
      return original(...args);
    }) as typeof document.startViewTransition;
  });
  await page.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  expect(await page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(1);
  const name = await page.evaluate(() => getComputedStyle(document.querySelector("main")!).viewTransitionName);
  expect(name).toBe("page");
});

test("a part of a page whose code cannot load leaves the page as it is: no reload, the search box searches, a toast still tells", async ({
  page,
  context,
}) => {
  // As for a tab left open across a new version of the shop: these files are gone.
  await page.route(/\/assets\/(site-search-list|toast-item)-[\w-]+\.js$/, (route) => route.abort());
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads++;
  });
  await page.goto("/");
  await hydrated(page.locator("main"));

  const box = page.getByRole("combobox", { name: "Search products" });
  const partAsked = page.waitForRequest(/\/assets\/site-search-list-/);
  await box.pressSequentially("glove");
  await partAsked;
  await expect(box).toHaveValue("glove");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=glove$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("glove");

  await context.setOffline(true);
  await context.setOffline(false);
  const toast = page.getByRole("status").locator("[data-toast]");
  await expect(toast).toContainText("You are back online.");
  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toBeHidden();
  expect(documentLoads).toBe(1);
});
