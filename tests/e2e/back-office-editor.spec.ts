import { expect, test } from "@playwright/test";
import { editorOn } from "../support/e2e-back-office.ts";

/*
 * Issue 26: the editor role sees the newsroom's part of the back office and nothing else. The
 * guard of every page, for each role, is a db test (server/modules/staff-access); this is the
 * editor's own sign-in with two factors on the real server, and what its session is refused.
 */

const NOT_THE_EDITORS = [
  "/admin/orders",
  "/admin/customers",
  "/admin/products",
  "/admin/catalogue",
  "/admin/stock",
  "/admin/settings",
];

test("an editor signs in with two factors to the media library; orders, customers and the catalogue do not exist for them, their data neither", async ({
  browser,
}) => {
  const page = await editorOn(browser, "/admin/media", 0);
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  for (const path of NOT_THE_EDITORS) {
    for (const url of [path, `${path}.data`]) {
      const answer = await page.request.get(url, { maxRedirects: 0 });
      expect(answer.status(), url).toBe(404);
    }
  }
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await page.context().close();
});
