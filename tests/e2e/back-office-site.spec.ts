import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { ownerOn } from "../support/e2e-back-office.ts";
import { newVisitor } from "../support/e2e-visitors.ts";

/*
 * The site's own data in the back office (issue 26 §3-4, ADR 76): the owner adds a menu item in
 * /admin/site, with JavaScript, and the shop's header and GET /data have it; takes it out again
 * without JavaScript, on a phone. The shared shop's menu is back as it was at the end. A flag is
 * switched twice at /admin/flags: the analytics tag's, which changes nothing on this shop (it has
 * no analytics configured), so specs running beside this one never see a feature go; the compare
 * flag taking the compare controls off the pages, and GET /data following flags, are
 * tests/pages/site-data.db.test.ts's and server/modules/site/site.db.test.ts's.
 */

/**
 * Opens `path` and does `act` (fill and send a form) until the page says `saved`: a run of this
 * test beside another (--repeat-each) may save the same menu a moment before, and the page then
 * says it changed since it was read (409), as it would to two editors; the page is read again.
 */
async function untilSaved(page: Page, path: string, act: () => Promise<void>, saved: Locator) {
  const stale = page.getByTestId("form-error").filter({ hasText: "was changed" });
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.goto(path);
    await act();
    await expect(saved.or(stale)).toBeVisible();
    if (await saved.isVisible()) return;
  }
  throw new Error("the form stayed stale");
}

test("a menu item added in /admin/site shows in the shop's header and in GET /data; taken out without JavaScript; a flag switched", async ({
  browser,
}) => {
  const label = `Tips ${test.info().repeatEachIndex}${Date.now() % 1000}`;
  const admin = await ownerOn(browser, "/admin/site", 12);
  await expect(admin.getByRole("heading", { level: 1, name: "Site" })).toBeVisible();
  await expectNoViolations(admin);

  const menuSaved = admin.getByText("The menu is saved: the shop's header shows it now.");
  await untilSaved(
    admin,
    "/admin/site",
    async () => {
      const row = admin.getByRole("group", { name: "New menu item" });
      // Sent by React Router once the page has hydrated (the back office has no shop header to tell).
      await expect
        .poll(() =>
          row.getByLabel("Text").evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))),
        )
        .toBe(true);
      await row.getByLabel("Text").fill(label);
      await row.getByLabel("Address").fill("/news-and-media");
      await admin.getByRole("button", { name: "Save the menu" }).click();
    },
    menuSaved,
  );

  const guest = await (await newVisitor(browser)).newPage();
  await guest.goto("/shop");
  const item = guest.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: label });
  await expect(item).toHaveAttribute("href", "/news-and-media");
  await expect(guest.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true })).toBeVisible();
  const data = (await (await guest.request.get("/data/navigation")).json()) as {
    data: { items: { label?: string; href?: string }[] };
  };
  expect(data.data.items).toContainEqual({ kind: "link", label, href: "/news-and-media" });

  // Without JavaScript, on a phone: the row's own button takes it out of the menu as stored.
  const plain = await newVisitor(browser, { javaScriptEnabled: false });
  await plain.addCookies(await admin.context().cookies());
  const noScript = await plain.newPage();
  await noScript.setViewportSize({ width: 375, height: 800 });
  await untilSaved(
    noScript,
    "/admin/site",
    () => noScript.getByRole("button", { name: `Remove menu item ${label}` }).click(),
    noScript.getByText("The menu is saved: the shop's header shows it now."),
  );
  expect(await noScript.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await guest.reload();
  await expect(guest.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: "Gloves", exact: true })).toBeVisible();
  await expect(guest.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link", { name: label })).toHaveCount(0);
  await plain.close();

  // A flag, switched twice (each a form of its own, carrying the flag's version): as it was after.
  const analytics = admin.getByTestId("flag-analytics");
  for (let turn = 0; turn < 2; turn++) {
    await untilSaved(
      admin,
      "/admin/flags",
      () => analytics.getByRole("button", { name: /^Turn Analytics tag (on|off)$/ }).click(),
      admin.getByText(/^analytics is (on|off)\.$/),
    );
  }
  // The launch page's form (a date and time in the shop's time zone), as the owner sees it.
  await admin.goto("/admin/launch");
  await expect(admin.getByLabel("Launch date and time (UTC)")).toHaveValue(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await expectNoViolations(admin);
  await guest.context().close();
  await admin.context().close();
});
