import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { queryRows } from "../../server/db/client.ts";
import { hydrated } from "../support/hydration.ts";
import { startFakeOembed, type FakeOembed } from "../support/fake-oembed.ts";
import { changedDataDir, startShop, type RunningShop } from "../support/shop-server.ts";

/*
 * A news post's videos (issue 12 §2; SPEC §5, §8) against a local video provider that speaks
 * oEmbed: nothing reaches the provider until the visitor presses play; then the video plays, or
 * the box says it is not embeddable, was not found, or could not be fetched.
 */

let provider: FakeOembed;
let shop: RunningShop;
let postPath: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startFakeOembed();
  const env = { VIDEO_OEMBED_URL: provider.oembedUrl, VIDEO_HOSTS: provider.host };
  // The demo newsroom's newest news post gets four of the provider's videos, one per outcome.
  const videos = ["okay1234567", "nope1234567", "gone1234567", "boom1234567"].map((id) => provider.videoUrl(id));
  const dataDir = await changedDataDir(async (db) => {
    const [post] = await queryRows<{ slug: string }>(
      db,
      sql`update news_posts set videos = ${JSON.stringify(videos)}::jsonb
          where id = (select id from news_posts where section = 'news' and published_at <= now() order by published_at desc limit 1)
          returning slug`,
    );
    postPath = `/news-and-media/news/post/${post!.slug}`;
  });
  shop = await startShop({ dataDir, env });
});

test.afterAll(async () => {
  await shop?.stop();
  await provider?.close();
});

test("a video plays only when asked; the provider's refusals and failures are told in the box", async ({ page }) => {
  provider.clearRequests();
  await page.goto(`${shop.url}${postPath}`);
  const videos = page.getByTestId("post-video");
  await expect(videos).toHaveCount(4);
  await hydrated(videos.first().getByRole("button", { name: /^Play video/ }));
  // The page, its poster and its scripts are all loaded: the provider has heard nothing.
  expect(provider.requests).toEqual([]);

  await videos
    .nth(0)
    .getByRole("button", { name: /^Play video/ })
    .click();
  const player = videos.nth(0).getByTestId("video-player").locator("iframe");
  await expect(player).toHaveAttribute("src", new RegExp(`^${provider.embedUrl("okay1234567").replace(/[?.]/g, "\\$&")}`));
  await expect(page.frameLocator('[data-testid="video-player"] iframe').getByText("Playing okay1234567")).toBeVisible();

  const outcomes: [number, RegExp][] = [
    [1, /is not embeddable/],
    [2, /was not found/],
    [3, /^There was an error fetching the embed code/],
  ];
  for (const [index, message] of outcomes) {
    const facade = videos.nth(index);
    await facade.getByRole("button", { name: /^Play video/ }).click();
    const error = facade.getByTestId("video-error");
    await expect(error).toHaveText(message);
    await expect(facade.getByRole("link", { name: /^Watch it on 127\.0\.0\.1/ })).toHaveAttribute("href", /^\/leaving\?to=/);
  }
  expect(provider.requestsOf("oembed").map((r) => r.videoId)).toEqual([
    "okay1234567",
    "nope1234567",
    "gone1234567",
    "boom1234567",
  ]);
});

test("without JavaScript, play leads to the provider's page through the external-site notice", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${shop.url}${postPath}`);
  await page
    .getByTestId("video-facade")
    .first()
    .getByRole("link", { name: /^Play video/ })
    .click();
  await expect(page.getByRole("heading", { name: /^You are leaving/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Continue to 127\.0\.0\.1/ })).toHaveAttribute(
    "href",
    provider.videoUrl("okay1234567"),
  );
  await context.close();
});
