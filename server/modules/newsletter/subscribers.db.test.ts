import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { auditLog, newsletterSubscriptions, sessions, users } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { SUBSCRIBERS_CSV_COLUMNS } from "./shared.ts";
import { mondayOf } from "./weeks.ts";

/*
 * The newsletter's list in the back office (issue 26 §5, ADR 77): search by address (LIKE's
 * wildcards typed are plain characters), the state filter, sorts and pages; totals per state;
 * sign-ups, confirmations and unsubscribes per week for 12 weeks up to an injected "now"; and the
 * CSV of confirmed addresses for a mailing tool, which asks for a recent second factor and is
 * audited, and whose cells a spreadsheet does not run as formulas.
 */

// A Wednesday: its week began on Monday 2031-03-10.
const NOW = new Date("2031-03-12T10:00:00.000Z");
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Monday 00:00 UTC eleven weeks before this week's: the first of the twelve weeks. */
const FIRST_MONDAY = new Date("2030-12-23T00:00:00.000Z");

let database: Database;
let services: Services;
let scope: Scope;
let staff: StaffScope;
const SESSION = { recent: "nl-recent-session", stale: "nl-stale-session" };

type Row = typeof newsletterSubscriptions.$inferInsert;
let made = 0;
/** A subscription row as the use cases leave it, at known times. */
async function subscription(email: string, row: Partial<Row> & Pick<Row, "status">) {
  made += 1;
  await database.db.insert(newsletterSubscriptions).values({
    email,
    source: "footer",
    unsubscribeKey: randomBytes(16).toString("base64url"),
    createdAt: new Date(NOW.getTime() - 200 * DAY),
    ...row,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig({ publicUrl: "http://shop.test" }));
  scope = systemScope(database.db);
  const { db } = database;
  const [desk] = await db
    .insert(users)
    .values({ username: "nl-editor", email: "nl-editor@example.com", role: "editor" })
    .returning({ id: users.id });
  staff = staffScopeOf(systemScope(db, { ip: "203.0.113.77" }), { id: desk!.id, email: "nl-editor@example.com", role: "editor" });
  const expiresAt = new Date(Date.now() + DAY);
  await db.insert(sessions).values([
    { id: SESSION.recent, userId: desk!.id, strategy: "local", expiresAt, secondFactorAt: new Date() },
    { id: SESSION.stale, userId: desk!.id, strategy: "local", expiresAt, secondFactorAt: new Date(Date.now() - 11 * 60_000) },
  ]);

  const confirmedAt = new Date(NOW.getTime() - 30 * DAY);
  await subscription("first_last@example.com", { status: "confirmed", confirmedAt, source: "account" });
  await subscription("firstxlast@example.com", { status: "confirmed", confirmedAt: new Date(confirmedAt.getTime() + DAY) });
  await subscription("100%keeper@example.com", { status: "confirmed", confirmedAt: new Date(confirmedAt.getTime() + 2 * DAY) });
  await subscription("1000keeper@example.com", { status: "pending", confirmExpiresAt: new Date(NOW.getTime() + DAY) });
  await subscription("back\\slash@example.com", { status: "pending", confirmExpiresAt: new Date(NOW.getTime() - DAY) });
  await subscription("left@example.com", {
    status: "unsubscribed",
    confirmedAt: new Date(NOW.getTime() - 100 * DAY),
    unsubscribedAt: new Date(NOW.getTime() - 3 * DAY),
  });
  // Addresses a spreadsheet would take for formulas, all confirmed.
  for (const [i, email] of [
    '=hyperlink("http://x.example")@example.com',
    "+31@example.com",
    "-1@example.com",
    "@at@example.com",
  ].entries()) {
    await subscription(email, {
      status: "confirmed",
      confirmedAt: new Date(confirmedAt.getTime() + (4 + i) * DAY),
      source: "api",
    });
  }
});

afterAll(async () => {
  await services?.mails.settled();
  await database?.close();
});

const emails = (page: { rows: { email: string }[] }) => page.rows.map((row) => row.email);

test("search by part of the address, any case, with % and _ as the characters they are", async () => {
  const { newsletter } = services;
  expect(emails(await newsletter.subscribers(scope, { q: "T_L" }, NOW))).toEqual(["first_last@example.com"]);
  expect(emails(await newsletter.subscribers(scope, { q: "100%" }, NOW))).toEqual(["100%keeper@example.com"]);
  expect(emails(await newsletter.subscribers(scope, { q: "k\\s" }, NOW))).toEqual(["back\\slash@example.com"]);
  expect(emails(await newsletter.subscribers(scope, new URLSearchParams("q=firstxlast"), NOW))).toEqual([
    "firstxlast@example.com",
  ]);
  const none = await newsletter.subscribers(scope, { q: "nobody" }, NOW);
  expect([none.rows, none.total, none.pages]).toEqual([[], 0, 1]);
});

test("filter by state, sort by address or confirmation, pages of 50; a waiting address tells whether its link still works", async () => {
  const { newsletter } = services;
  const waiting = await newsletter.subscribers(scope, { status: "pending", sort: "email", dir: "asc" }, NOW);
  expect(waiting.rows.map((row) => [row.email, row.status, row.linkExpired])).toEqual([
    ["1000keeper@example.com", "pending", false],
    ["back\\slash@example.com", "pending", true],
  ]);
  const left = await newsletter.subscribers(scope, { status: "unsubscribed" }, NOW);
  expect(left.rows).toEqual([
    expect.objectContaining({
      email: "left@example.com",
      unsubscribedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
      linkExpired: false,
    }),
  ]);
  // By confirmation, newest first; never confirmed last either way round.
  const byConfirmation = emails(await newsletter.subscribers(scope, { sort: "confirmed" }, NOW));
  expect(byConfirmation.slice(0, 2)).toEqual(["@at@example.com", "-1@example.com"]);
  expect(byConfirmation.slice(-2).sort()).toEqual(["1000keeper@example.com", "back\\slash@example.com"]);
  const oldestConfirmation = emails(await newsletter.subscribers(scope, { sort: "confirmed", dir: "asc" }, NOW));
  expect(oldestConfirmation[0]).toBe("left@example.com");
  expect(oldestConfirmation.slice(-2).sort()).toEqual(["1000keeper@example.com", "back\\slash@example.com"]);
  expect(
    emails(await newsletter.subscribers(scope, { status: "confirmed", q: "first", sort: "email", dir: "desc" }, NOW)),
  ).toEqual(["firstxlast@example.com", "first_last@example.com"]);
  const all = await newsletter.subscribers(scope, {}, NOW);
  expect([all.total, all.pages, all.pageSize, all.rows.length]).toEqual([made, 1, 50, made]);
  expect((await newsletter.subscribers(scope, { page: "2" }, NOW)).rows).toEqual([]);
  for (const [raw, field] of [
    [{ status: "bounced" }, "status"],
    [{ sort: "name" }, "sort"],
    [{ page: "0" }, "page"],
    [{ q: "x".repeat(321) }, "q"],
  ] as const) {
    await expect(newsletter.subscribers(scope, raw, NOW), field).rejects.toMatchObject({ code: "INVALID_INPUT", field });
  }
});

test("totals per state", async () => {
  expect(await services.newsletter.totals(scope)).toEqual({ all: made, confirmed: 7, pending: 2, unsubscribed: 1 });
});

test("per week for the last 12 weeks up to now: sign-ups, confirmations and unsubscribes, every week present", async () => {
  expect(mondayOf(NOW).toISOString()).toBe("2031-03-10T00:00:00.000Z");
  const weeks = await services.newsletter.weeks(scope, NOW);
  expect(weeks).toHaveLength(12);
  expect(weeks.map((w) => w.week)).toEqual(
    Array.from({ length: 12 }, (_, i) => new Date(FIRST_MONDAY.getTime() + i * WEEK).toISOString().slice(0, 10)),
  );
  expect(weeks.at(-1)!.week).toBe("2031-03-10");
  const at = (week: string) => weeks.find((w) => w.week === week)!;
  // Confirmed 30 days before now (Monday 2031-02-10) and on the days after: six that week, one the next.
  expect(at("2031-02-10")).toEqual({ week: "2031-02-10", signedUp: 0, confirmed: 6, unsubscribed: 0 });
  expect(at("2031-02-17")).toEqual({ week: "2031-02-17", signedUp: 0, confirmed: 1, unsubscribed: 0 });
  // Unsubscribed on Sunday 2031-03-09: the week before this one.
  expect(at("2031-03-03")).toMatchObject({ unsubscribed: 1 });
  expect(weeks.reduce((sum, w) => sum + w.signedUp, 0)).toBe(0);

  // At the edges: the first Monday's first moment counts; a moment before it, and after now, do not.
  await subscription("edge-first@example.com", { status: "pending", createdAt: FIRST_MONDAY });
  await subscription("edge-before@example.com", { status: "pending", createdAt: new Date(FIRST_MONDAY.getTime() - 1) });
  await subscription("edge-now@example.com", { status: "confirmed", createdAt: NOW, confirmedAt: NOW });
  await subscription("edge-later@example.com", {
    status: "confirmed",
    createdAt: new Date(NOW.getTime() + 1),
    confirmedAt: new Date(NOW.getTime() + 1),
  });
  const again = await services.newsletter.weeks(scope, NOW);
  expect(again[0]).toEqual({ week: "2030-12-23", signedUp: 1, confirmed: 0, unsubscribed: 0 });
  expect(again.at(-1)).toEqual({ week: "2031-03-10", signedUp: 1, confirmed: 1, unsubscribed: 0 });
  // A week later the window has moved on: the first week is gone, this one is the one before last.
  const nextWeek = await services.newsletter.weeks(scope, new Date(NOW.getTime() + WEEK));
  expect(nextWeek[0]!.week).toBe("2030-12-30");
  expect(nextWeek.at(-2)).toEqual({ week: "2031-03-10", signedUp: 2, confirmed: 2, unsubscribed: 0 });
});

async function exported(session: string) {
  const file = await services.newsletter.exportConfirmed(staff, session);
  let text = "";
  for await (const chunk of file.chunks) text += chunk;
  return { file, text };
}

const exportEntries = () =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "newsletter.exported"), eq(auditLog.actorId, staff.actor.id)));

test("the export asks for the second factor again after 10 minutes: refused, and nothing audited", async () => {
  for (const session of [SESSION.stale, "no-such-session"]) {
    await expect(services.newsletter.exportConfirmed(staff, session)).rejects.toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  }
  // Another account's recent session proves nothing for this one.
  const other = staffScopeOf(scope, { id: staff.actor.id + 10_000, email: "else@example.com", role: "editor" });
  await expect(services.newsletter.exportConfirmed(other, SESSION.recent)).rejects.toMatchObject({
    code: "SECOND_FACTOR_REQUIRED",
  });
  expect(await exportEntries()).toEqual([]);
});

test("the export: confirmed addresses only, with when and where they signed up and their unsubscribe link; formulas guarded; audited", async () => {
  const { file, text } = await exported(SESSION.recent);
  expect(file.filename).toMatch(/^newsletter-confirmed-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...lines] = parse(text.slice(1)) as string[][];
  expect(header).toEqual([...SUBSCRIBERS_CSV_COLUMNS]);
  const confirmed = await database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.status, "confirmed"))
    .orderBy(newsletterSubscriptions.id);
  expect(file.count).toBe(confirmed.length);
  expect(lines).toHaveLength(confirmed.length);
  expect(lines.map((line) => line[0])).toEqual([
    "first_last@example.com",
    "firstxlast@example.com",
    "100%keeper@example.com",
    '\'=hyperlink("http://x.example")@example.com',
    "'+31@example.com",
    "'-1@example.com",
    "'@at@example.com",
    "edge-now@example.com",
    "edge-later@example.com",
  ]);
  expect(text).not.toContain("left@example.com");
  expect(text).not.toContain("1000keeper@example.com");
  expect(lines[0]!.slice(1, 3)).toEqual([
    new Date(NOW.getTime() - 30 * DAY).toISOString().replace("T", " ").slice(0, 19),
    "account",
  ]);
  // The link is the subscription's own one-click unsubscribe link, as the shop's own mails carry it.
  for (const [i, line] of lines.entries())
    expect(line[3]).toBe(services.newsletter.unsubscribeLink(confirmed[i]!.unsubscribeKey));
  const token = new URL(lines[0]![3]!).searchParams.get("token");
  expect(services.newsletter.isUnsubscribeToken(token)).toBe(true);

  const [entry] = await exportEntries();
  expect(entry).toMatchObject({
    actorEmail: "nl-editor@example.com",
    actorRole: "editor",
    entityType: "newsletter",
    entityId: "confirmed",
    changes: { subscribers: [null, confirmed.length] },
    clientAddress: "203.0.113.77",
  });
});

test("a list longer than one batch comes whole, each address once", async () => {
  const values = Array.from({ length: 1_205 }, (_, i) => ({
    email: `bulk${i}@example.com`,
    status: "confirmed" as const,
    source: "launch",
    confirmedAt: NOW,
    unsubscribeKey: randomBytes(16).toString("base64url"),
  }));
  await database.db.insert(newsletterSubscriptions).values(values);
  const { file, text } = await exported(SESSION.recent);
  const lines = (parse(text.slice(1)) as string[][]).slice(1);
  expect(file.count).toBe(9 + 1_205);
  expect(lines).toHaveLength(file.count);
  expect(new Set(lines.map((line) => line[0])).size).toBe(file.count);
  expect(await exportEntries()).toHaveLength(2);
});
