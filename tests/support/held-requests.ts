import type { Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` (a glob) until the returned function is called: a slow
 * connection, on cue. Held requests then go on to the server as they were.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
