import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "../../server/db/client.ts";
import { loggedInCustomer, mailsTo, mailTo, newVisitor } from "../support/e2e-visitors.ts";
import { startShop, type RunningShop } from "../support/shop-server.ts";

/*
 * A yearly membership's last weeks (issue 12 §3), with time moved: this test runs its own shop,
 * stops it, and moves the member's dates into the past by as many days as should have gone by
 * (the shop reads the time from the database's clock and its own, which a test cannot move), then
 * starts it again on the same data. A restarted shop does its background work at once, so the
 * reminder goes out without waiting for the next minute's round.
 */

const PRO = "Keepers' Club Pro";
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function shopEnv() {
  const smtp = process.env.SMTP_URL;
  if (!smtp) throw new Error("SMTP_URL is not set: the e2e global set-up starts the SMTP server");
  return { SMTP_URL: smtp, TRUST_PROXY: "1" };
}

/** Runs `change` on the stopped shop's database, then starts the shop again on the same data and port. */
async function whileStopped<T>(shop: RunningShop, change: (db: Db) => Promise<T>): Promise<{ shop: RunningShop; changed: T }> {
  expect(await shop.stop()).toBe(0);
  const database = await openDatabase({ kind: "pglite", dataDir: join(shop.dataDir, "db") });
  let changed: T;
  try {
    changed = await change(database.db);
  } finally {
    await database.close();
  }
  return { shop: await startShop({ dataDir: shop.dataDir, port: shop.port, env: shopEnv() }), changed };
}

test("a year on, a member of the yearly plan is reminded once 14 days before the end, and when it has ended the benefits are gone", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  let shop = await startShop({ env: shopEnv() });
  const context = await newVisitor(browser);
  try {
    const person = await loggedInCustomer(context, shop.url);

    // A year of the yearly plan begun 352 days ago: 13 days are left. The end is the database's
    // own reckoning of "12 months on" (29 February and all).
    const began = await whileStopped(shop, (db) =>
      queryRows<{ until: string }>(
        db,
        sql`insert into memberships (user_id, plan_id, starts_at, ends_at, active, renews)
            select u.id, p.id, now() - interval '352 days', now() - interval '352 days' + interval '12 months', true, true
            from users u, membership_plans p where u.email = ${person.email} and p.slug = 'pro'
            returning to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as until`,
      ),
    );
    shop = began.shop;
    const until = new Date(began.changed[0]!.until);
    const page = await context.newPage();

    const reminder = await mailTo(person.email, /membership ends on/);
    expect(reminder.subject).toBe(`Your ${PRO} membership ends on ${DAY.format(until)}`);
    expect(reminder.text).toContain("Renew it before then");
    expect(reminder.links.some((link) => link.endsWith("/membership"))).toBe(true);

    await page.goto(`${shop.url}/my-account`);
    const status = page.getByTestId("membership-status");
    await expect(status).toContainText(PRO);
    await expect(status).toContainText(SHORT_DAY.format(until));
    await page.goto(`${shop.url}/membership-world`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Members only");

    // Two weeks later the membership has ended: the dates move 14 days further back.
    ({ shop } = await whileStopped(shop, (db) =>
      db.execute(sql`
        update memberships set starts_at = starts_at - interval '14 days', ends_at = ends_at - interval '14 days',
          reminder_sent_at = reminder_sent_at - interval '14 days'
        where user_id = (select id from users where email = ${person.email})`),
    ));
    await page.goto(`${shop.url}/my-account`);
    await expect(page.getByText("You are not a member yet.")).toBeVisible();
    const world = await page.goto(`${shop.url}/membership-world`);
    expect(world?.status()).toBe(403);
    await expect(page.getByTestId("private-page")).toBeVisible();
    // One reminder in all.
    expect(mailsTo(person.email, /membership ends on/)).toHaveLength(1);
  } finally {
    await context.close();
    await shop.stop();
  }
});
