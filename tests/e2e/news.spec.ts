import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { newCustomer, newVisitor, registeredCustomer } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * News and media (issue 12 §2) and the members' side of it (§3) on the real server and its demo
 * newsroom: listings by section and category, a post, the feed, an exclusive as a guest (the
 * private-page modal, nothing of the post in the page or its data) and as a member who joined the
 * free plan with one click.
 */

/** The addresses of the listing's tiles, in order. */
async function tileLinks(page: Page): Promise<string[]> {
  return page
    .getByTestId("news-tile")
    .getByRole("heading")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

test("the newsroom: both sections, a section, a category's chip, the next page, a post and its related posts", async ({
  page,
}) => {
  await page.goto("/news-and-media");
  await expect(page.getByRole("heading", { level: 1, name: "News and media" })).toBeVisible();
  await expect(page.getByTestId("news-tile")).toHaveCount(12);
  // The first page leads with its newest story, large; the rest are tiles.
  await expect(page.getByTestId("news-tile").first()).toHaveAttribute("data-lead", "true");
  await expect(page.locator('[data-testid="news-tile"][data-lead]')).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Add our news to your reader" })).toHaveAttribute(
    "href",
    "/news-and-media/feed.xml",
  );
  await expectNoViolations(page);

  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/news-and-media\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  const chips = page.getByRole("list", { name: "Categories" }).getByRole("link");
  await expect(chips).toHaveCount(6);
  const chip = chips.nth(1);
  const category = (await chip.textContent())!.trim();
  await chip.click();
  await expect(page.getByRole("heading", { level: 1, name: category })).toBeVisible();
  await expect(chips.nth(1)).toHaveAttribute("aria-current", "page");
  const tiles = page.getByTestId("news-tile");
  expect(await tiles.count()).toBeGreaterThan(0);
  for (const tile of await tiles.all()) await expect(tile.getByRole("link", { name: category })).toBeVisible();

  // Page 2 holds none of page 1's posts. The newsroom's browser test may publish a post on the
  // same shop between the two pages (every post moves down one): then the visitor looks again.
  await expect(async () => {
    await page.goto("/news-and-media/news");
    const first = await tileLinks(page);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect.poll(() => tileLinks(page)).not.toEqual(first);
    const second = await tileLinks(page);
    expect(second.filter((path) => first.includes(path))).toEqual([]);
  }).toPass({ timeout: 40_000 });

  const heading = page.getByTestId("news-tile").first().getByRole("heading");
  const title = (await heading.textContent())!.trim();
  await heading.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("post-body")).toBeVisible();
  await expect(page.getByRole("heading", { name: "More news" })).toBeVisible();
  await expect(page.getByRole("region", { name: "More news" }).getByTestId("news-tile")).toHaveCount(3);
  // Products to shop the story, linked to their pages.
  const shop = page.getByRole("region", { name: "Shop the story" });
  await expect(shop.getByTestId("story-product")).toHaveCount(4);
  await expect(shop.getByTestId("story-product").first().getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    /^\/shop\/[a-z0-9-]+\/[a-z0-9-]+$/,
  );
  await expectNoViolations(page);
});

test("addresses that name no section, category or post are not found", async ({ request }) => {
  for (const path of [
    "/news-and-media/gossip",
    "/news-and-media/news/no-such-category",
    "/news-and-media/news/post/no-such-post",
    "/news-and-media/news?page=99",
    "/news-and-media/news?page=x",
  ]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).toContain("This page could not be found");
  }
});

test("the Atom feed carries the public news, and no exclusive", async ({ request }) => {
  const answer = await request.get("/news-and-media/feed.xml");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const feed = await answer.text();
  expect(feed.match(/<entry>/g)?.length).toBe(20);
  expect(feed).toContain("/news-and-media/news/post/");
  expect(feed).not.toContain("/news-and-media/exclusives/post/");
});

test("an exclusive: a guest gets the private-page modal and nothing of it; a member who joined for free reads it", async ({
  browser,
}) => {
  const guestContext = await newVisitor(browser);
  const guest = await guestContext.newPage();
  await guest.goto("/news-and-media/exclusives");
  // One of the demo's exclusives (the newsroom's browser test publishes short ones of its own on
  // the same shop, "Members drill …").
  const tile = guest.getByTestId("news-tile").filter({ hasNotText: "Members drill" }).first();
  await expect(tile.getByText("Members", { exact: true })).toBeVisible();
  await tile.getByRole("heading").getByRole("link").click();
  await expect(guest).toHaveURL(/\/news-and-media\/exclusives\/post\//);
  const postPath = new URL(guest.url()).pathname;
  const dialog = guest.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: /is for members$/ })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(postPath)}`,
  );
  await expect(guest.getByTestId("post-body")).toHaveCount(0);
  await expectNoViolations(guest);
  // Closed, the teaser stays with the same offer. The close button is a thumb's target on a phone.
  await hydrated(dialog.getByRole("button", { name: "Close" }));
  await guest.setViewportSize({ width: 375, height: 740 });
  const close = (await dialog.getByRole("button", { name: "Close" }).boundingBox())!;
  expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
  await guest.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(guest.getByTestId("private-page-note")).toBeVisible();

  const { context, page } = await newCustomer(browser);
  await page.goto("/membership");
  const club = page.getByTestId("plan-club");
  await hydrated(club.getByRole("button", { name: /^Join .*free$/ }));
  await club.getByRole("button", { name: /^Join .*free$/ }).click();
  await expect(page).toHaveURL(/\/membership-world$/);
  await expect(page.getByText("Welcome to the club: you are a member now.")).toBeVisible();
  await expect(page.getByTestId("membership-status")).toContainText("No end date");
  // A new member has saved nothing yet; leaving is in the settings at the end of the area.
  await expect(page.getByTestId("member-savings")).toContainText("have not saved you anything yet");
  const settings = page.getByRole("region", { name: "Membership settings" });
  await expect(settings.getByRole("button", { name: "Leave the membership" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your membership" }).getByRole("button")).toHaveCount(0);

  await page.goto(postPath);
  const body = page.getByTestId("post-body");
  await expect(body).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Words of the body that HTML and JSON write as they are: the longest run of letters, spaces and
  // plain punctuation inside one text node, so a leak could not hide behind markup or escaping.
  const secret = await body.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let longest = "";
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const run of node.textContent!.match(/[A-Za-z][A-Za-z ,.;:-]*[A-Za-z]/g) ?? [])
        if (run.length > longest.length) longest = run;
    }
    return longest;
  });
  expect(secret.length).toBeGreaterThanOrEqual(30);

  // What a guest could fetch holds none of it: neither the page nor its data.
  const html = await (await guestContext.request.get(postPath)).text();
  const data = await (await guestContext.request.get(`${postPath}.data`)).text();
  expect(html).toContain("is for members");
  for (const answer of [html, data]) expect(answer).not.toContain(secret);
  await Promise.all([guestContext.close(), context.close()]);
});

test("the members' area shows a guest the private-page modal with a 403, and a member their area", async ({
  browser,
  request,
}) => {
  const answer = await request.get("/membership-world");
  expect(answer.status()).toBe(403);
  expect(await answer.text()).toContain("is for members");

  const { context, page } = await newCustomer(browser);
  await page.goto("/membership-world");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Log in" })).toHaveCount(0);
  await page.getByRole("dialog").getByRole("link", { name: "Join the membership" }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await context.close();
});

test("the modal's Log in brings a member back to the exclusive; a `next` that leaves the shop is ignored", async ({
  browser,
}) => {
  const context = await newVisitor(browser);
  const { person } = await registeredCustomer(context.request);
  const page = await context.newPage();
  await page.goto("/news-and-media/exclusives");
  await page.getByTestId("news-tile").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/news-and-media\/exclusives\/post\//);
  const postPath = new URL(page.url()).pathname;
  await page.getByRole("dialog").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await hydrated(page.getByRole("button", { name: "Log in" }));
  await page.getByLabel("E-mail address or user name").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`${postPath}$`));
  // Not a member yet: the offer again, now without a way to log in.
  await expect(page.getByRole("dialog").getByRole("link", { name: "Join the membership" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Log in" })).toHaveCount(0);
  await context.close();

  const answer = await browser.newContext().then(async (other) => {
    const got = await other.request.get("/login?next=//evil.example/steal", { maxRedirects: 0 });
    await other.close();
    return got;
  });
  expect(answer.status()).toBe(200);
  expect(answer.headers()["set-cookie"] ?? "").not.toContain("auth.redirect");
});
