import { expect, test, type BrowserContext } from "@playwright/test";
import { createLinkSignatures } from "../../server/modules/external-links/link-signature.ts";
import { SOCIAL_LINKS } from "../../server/modules/external-links/social-links.ts";
import { newVisitor } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";
import { startShop } from "../support/shop-server.ts";

/*
 * The external-site notice (SPEC §2): links that leave the shop (the footer's social networks, a
 * video on the provider) say so before the visitor goes. With JavaScript a dialog, without it the
 * /leaving page; either only sends visitors to the hosts the shop links to.
 */

const INSTAGRAM = SOCIAL_LINKS.find((link) => link.name === "Instagram")!;
const INSTAGRAM_HOST = new URL(INSTAGRAM.url).host;

/** The social network's page, served by the test: the browser never leaves this machine. */
async function fakeNetwork(context: BrowserContext) {
  await context.route(`${new URL(INSTAGRAM.url).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Instagram</title><h1>The network's page</h1>" }),
  );
}

test("a social link opens the notice as a dialog: Escape and Stay keep the visitor here, Continue opens the network in a new tab", async ({
  browser,
}) => {
  const context = await newVisitor(browser);
  await fakeNetwork(context);
  const page = await context.newPage();
  await page.goto("/shop");
  const link = page.getByRole("navigation", { name: "Social media" }).getByRole("link", { name: "Instagram" });
  await hydrated(link);
  await expect(link).toHaveAttribute("href", `/leaving?to=${encodeURIComponent(INSTAGRAM.url)}`);

  const dialog = page.getByRole("dialog", { name: "You are leaving Safe Hands" });
  const stay = dialog.getByRole("button", { name: "Stay on the shop" });
  await link.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`You are about to visit ${INSTAGRAM_HOST}`);
  await expect(stay).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  await expect(page).toHaveURL(/\/shop$/);

  await link.click();
  await stay.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/shop$/);

  await link.click();
  const opened = page.waitForEvent("popup");
  await dialog.getByRole("link", { name: `Continue to ${INSTAGRAM_HOST}` }).click();
  const network = await opened;
  await expect(network.getByRole("heading", { name: "The network's page" })).toBeVisible();
  expect(network.url()).toBe(INSTAGRAM.url);
  // rel="noopener noreferrer": the network's page cannot reach back into the shop's, nor learn where it came from.
  expect(await network.evaluate(() => [window.opener, document.referrer])).toEqual([null, ""]);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/shop$/);
  await context.close();
});

test("without JavaScript a social link shows the notice page: Continue is a plain link, Stay goes back", async ({ browser }) => {
  const context = await newVisitor(browser, { javaScriptEnabled: false });
  await fakeNetwork(context);
  const page = await context.newPage();
  await page.goto("/shop");
  await page.getByRole("navigation", { name: "Social media" }).getByRole("link", { name: "Instagram" }).click();
  await expect(page).toHaveURL(`/leaving?to=${encodeURIComponent(INSTAGRAM.url)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are leaving Safe Hands");
  await expect(page.getByTestId("leaving-page")).toContainText(`You are about to visit ${INSTAGRAM_HOST}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await page.getByRole("link", { name: "Stay on the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are leaving Safe Hands");
  await page.getByRole("link", { name: `Continue to ${INSTAGRAM_HOST}` }).click();
  await expect(page.getByRole("heading", { name: "The network's page" })).toBeVisible();
  expect(page.url()).toBe(INSTAGRAM.url);
  await context.close();
});

test("the notice forwards to the video provider, and to nothing the shop does not link to (400, no link)", async ({
  browser,
}) => {
  const context = await newVisitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const video = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
  const allowed = await page.goto(`/leaving?to=${encodeURIComponent(video)}`);
  expect(allowed?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Continue to www.youtube.com" })).toHaveAttribute("href", video);

  for (const to of [
    "https://evil.example/login",
    "javascript:alert(document.cookie)",
    "/my-account",
    "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
  ]) {
    const response = await page.goto(`/leaving?to=${encodeURIComponent(to)}`);
    expect(response?.status(), to).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be followed");
    await expect(page.getByTestId("leaving-error")).toHaveText(/does not (go to a web address|send visitors to)/);
    const notice = page.getByTestId("leaving-page");
    await expect(notice.getByRole("link", { name: /^Continue to/ })).toHaveCount(0);
    await expect(notice.locator(`a[href="${to}"]`)).toHaveCount(0);
  }
  const missing = await page.goto("/leaving");
  expect(missing?.status()).toBe(400);
  await expect(page.getByTestId("leaving-error")).toHaveText("This link does not say where it goes.");
  await context.close();
});

test("'Stay on the shop' goes back to the shop's page the visitor came from, and never off the shop", async ({ request }) => {
  const shop = process.env.SHOP_URL!;
  const to = `/leaving?to=${encodeURIComponent(INSTAGRAM.url)}`;
  const stayHref = async (referer: string) => {
    const html = await (await request.get(to, { headers: { referer } })).text();
    return /<a href="([^"]*)"[^>]*>Stay on the shop<\/a>/.exec(html)?.[1];
  };
  expect(await stayHref(`${shop}/shop/gloves?size=8`)).toBe("/shop/gloves?size=8");
  // A Referer whose path is "//evil.example" would make a link to another site.
  expect(await stayHref(`${shop}//evil.example`)).toBe("/");
  expect(await stayHref(`${shop}//evil.example/login?next=1`)).toBe("/");
  expect(await stayHref("https://evil.example/")).toBe("/");
});

test("a link the shop signed goes on to any https site; unsigned, forged, http or javascript: do not", async ({ browser }) => {
  test.setTimeout(120_000);
  const secret = "an e2e session secret, forty characters long";
  const shop = await startShop({ env: { SESSION_SECRET: secret } });
  try {
    const { sign } = createLinkSignatures(secret);
    const context = await newVisitor(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const study = "https://research.example/gloves?year=2024";
    const signed = await page.goto(`${shop.url}/leaving?to=${encodeURIComponent(study)}&sig=${sign(study)}`);
    expect(signed?.status()).toBe(200);
    await expect(page.getByTestId("leaving-page")).toContainText("You are about to visit research.example");
    await expect(page.getByRole("link", { name: "Continue to research.example" })).toHaveAttribute("href", study);

    for (const [to, sig] of [
      [study, ""],
      [study, sign("https://research.example/")],
      [study, createLinkSignatures("another secret, forty characters long....").sign(study)],
      ["http://research.example/gloves", sign("http://research.example/gloves")],
      ["javascript:alert(document.cookie)", sign("javascript:alert(document.cookie)")],
      ["https://user:pw@research.example/", sign("https://user:pw@research.example/")],
    ]) {
      const response = await page.goto(`${shop.url}/leaving?to=${encodeURIComponent(to!)}&sig=${sig}`);
      expect(response?.status(), `${to} ${sig}`).toBe(400);
      await expect(page.getByTestId("leaving-page").getByRole("link", { name: /^Continue to/ })).toHaveCount(0);
    }
    await context.close();
  } finally {
    await shop.stop();
  }
});
