import { expect, test } from "@playwright/test";
import { editorOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * The newsroom in the back office (issue 26 §1, ADR 75): an editor, signed in with two factors, writes a post, a guest opens
 * its preview link (noindex, never stored), the owner schedules it a few seconds ahead, and the
 * post appears on /news-and-media/news at its time with nobody acting (the test waits for it,
 * reloading, never for a fixed time), in the feed and in the sitemap; a changed address answers 301 to the new one. Two editors
 * on one post (two browsers of one owner): the later save is refused (409). An exclusive's body
 * stays hidden from a guest, in its preview and as published.
 */

/** A moment `seconds` from now as the date-time field takes it, in the shop's time zone (UTC). */
const utcField = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);

test("an editor's post written, previewed by a guest and a member, scheduled, appearing on the news page, in the feed and the sitemap; its old address redirects", async ({
  browser,
}) => {
  const stamp = `${test.info().repeatEachIndex}-${Date.now() % 100000}`;
  const title = `Keeper notes ${stamp}`;
  const admin = await editorOn(browser, "/admin/news/new", 1);
  await admin.getByLabel("Title").fill(title);
  await admin.getByRole("textbox", { name: "Excerpt" }).fill("What the keepers learned this week.");
  await admin.getByRole("textbox", { name: "Text", exact: true }).fill("## Drills\n\nHands **up** early.");
  await expect(admin.getByRole("region", { name: "Preview of the text" }).getByRole("heading", { name: "Drills" })).toBeVisible();
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByText("Created.")).toBeVisible();
  await expect(admin.getByTestId("entry-status")).toHaveText("Draft");

  // A guest sees the draft through the preview link, as the page will show it; nothing stores it.
  await admin.getByRole("button", { name: "Make a preview link (24 h)" }).click();
  const link = await admin.getByTestId("preview-link").getAttribute("href");
  const guest = await (await newVisitor(browser)).newPage();
  const previewed = await guest.goto(link!);
  expect(previewed?.headers()["cache-control"]).toContain("no-store");
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest.getByTestId("post-body")).toContainText("Hands up early.");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // Scheduled a few seconds ahead, under a new address: it appears on the news page at its time.
  await admin.getByLabel("Address (slug)").fill(`keeper-notes-${stamp}`);
  await admin.getByRole("radio", { name: "Schedule" }).check();
  await admin.getByLabel("Appears at (UTC)").fill(utcField(4));
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByTestId("entry-status")).toContainText("Scheduled for");
  await expect(async () => {
    await guest.goto("/news-and-media/news");
    await expect(guest.getByRole("link", { name: title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(await (await guest.request.get("/news-and-media/feed.xml")).text()).toContain(title);
  expect(await (await guest.request.get("/sitemap.xml")).text()).toContain(`/news-and-media/news/post/keeper-notes-${stamp}`);

  // A changed address: the old one answers 301 to the new.
  await admin.reload();
  await admin.getByLabel("Address (slug)").fill(`keeper-notes-moved-${stamp}`);
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByText("Saved.", { exact: true })).toBeVisible();
  const old = await guest.request.get(`/news-and-media/news/post/keeper-notes-${stamp}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toContain(`/news-and-media/news/post/keeper-notes-moved-${stamp}`);

  // Two editors on one post: a second browser of the same owner opens it, the first saves, the second's save is refused.
  const other = await (await browser.newContext({ storageState: await admin.context().storageState() })).newPage();
  await other.goto(admin.url());
  await admin.getByLabel("Title").fill(`${title} (first)`);
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByText("Saved.", { exact: true })).toBeVisible();
  await other.getByLabel("Title").fill(`${title} (second)`);
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByTestId("form-error")).toContainText("since you opened the page");
  await other.context().close();

  // An exclusive, published: a guest sees its teaser, never its body, in the preview and on the site.
  await admin.goto("/admin/news/new");
  await admin.getByLabel("Title").fill(`Members drill ${stamp}`);
  await admin.getByRole("textbox", { name: "Excerpt" }).fill("For members: the reflex drill.");
  await admin.getByRole("textbox", { name: "Text", exact: true }).fill("Only members read this drill.");
  await admin.getByLabel("Section").selectOption("exclusives");
  // Its cover chosen from the media library (no upload): the image keeps its own description.
  const library = admin.getByLabel("Or choose one from the media library");
  // The oldest offered: one of the demo's images, which no other test changes or deletes.
  const options = library.locator("option");
  const chosen = (await options.last().textContent())!;
  await library.selectOption({ index: (await options.count()) - 1 });
  await admin.getByRole("radio", { name: "Publish now" }).check();
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByTestId("entry-status")).toContainText("Published");
  await admin.getByRole("button", { name: "Make a preview link (24 h)" }).click();
  for (const address of [
    await admin.getByTestId("preview-link").getAttribute("href"),
    `/news-and-media/exclusives/post/members-drill-${stamp}`,
  ]) {
    await guest.goto(address!);
    await expect(guest.getByRole("heading", { level: 1, name: `Members drill ${stamp}` })).toBeVisible();
    await expect(guest.getByText("For members: the reflex drill.").first()).toBeVisible();
    await expect(guest.getByText("Only members read this drill.")).toHaveCount(0);
    // Nor does anything a guest could fetch: the page and its data.
    for (const url of [address!, `${address!}.data`])
      expect(await (await guest.request.get(url)).text(), url).not.toContain("Only members read this drill.");
  }
  // The preview link as a member sees it: the body too.
  await guest.goto(`${await admin.getByTestId("preview-link").getAttribute("href")}?as=member`);
  await expect(guest.getByTestId("post-body")).toContainText("Only members read this drill.");
  // The post's own cover: the image that follows its title's header.
  const cover = guest.getByRole("heading", { level: 1 }).locator("xpath=ancestor::header/following-sibling::img[1]");
  await expect(cover).toHaveAttribute("alt", chosen.slice(chosen.indexOf(": ") + 2));
});
