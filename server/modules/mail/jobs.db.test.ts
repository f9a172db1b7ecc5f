import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { keptMails } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { mailJobs } from "../../db/schema/index.ts";
import { createMailRunner, enqueueMail, sendDueMails, takeOverClaims } from "./jobs.ts";
import type { Mailer } from "./mailer.ts";

/* The mail outbox: written with the change, sent after it, once per mail, retried when sending fails. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const mail = (to: string) => ({ to, subject: `For ${to}`, text: "Hello", html: "<p>Hello</p>" });

/** A mail as a process that died leaves it: claimed once, its lease ending `after` from now (an SQL interval). */
async function leftClaimed(to: string, after: string) {
  await enqueueMail(database.db, mail(to));
  await database.db
    .update(mailJobs)
    .set({ attempts: 1, runAt: sql`now() + ${after}::interval` })
    .where(eq(mailJobs.to, to));
}

test("a mail written in a transaction that rolls back is never sent; one that commits is sent once, even by two runs at once", async () => {
  await database.db
    .transaction(async (tx) => {
      await enqueueMail(tx, mail("rolled-back@example.com"));
      throw new Error("the order failed");
    })
    .catch(() => {});
  await database.db.transaction((tx) => enqueueMail(tx, mail("committed@example.com")));
  const mailer = keptMails();
  await Promise.all([sendDueMails(database.db, mailer), sendDueMails(database.db, mailer)]);
  expect(mailer.sent.map((m) => m.to)).toEqual(["committed@example.com"]);
});

test("a failed send is kept and tried again later, not at once", async () => {
  await enqueueMail(database.db, mail("flaky@example.com"));
  let fail = true;
  const sent: string[] = [];
  const flaky: Mailer = {
    async send(m) {
      if (fail) throw new Error("SMTP server unavailable");
      sent.push(m.to);
    },
    async close() {},
  };
  expect(await sendDueMails(database.db, flaky)).toBe(0);
  const [row] = await database.db.select().from(mailJobs).where(eq(mailJobs.to, "flaky@example.com"));
  expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringContaining("SMTP server unavailable") });
  fail = false;
  // Not due yet: the retry waits.
  expect(await sendDueMails(database.db, flaky)).toBe(0);
  await database.db
    .update(mailJobs)
    .set({ runAt: sql`now()` })
    .where(eq(mailJobs.id, row!.id));
  expect(await sendDueMails(database.db, flaky)).toBe(1);
  expect(sent).toEqual(["flaky@example.com"]);
});

test("a mail claimed by a process that died comes due again when its lease ends", async () => {
  await leftClaimed("orphan@example.com", "5 minutes");
  const mailer = keptMails();
  expect(await sendDueMails(database.db, mailer)).toBe(0);
  await database.db
    .update(mailJobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(mailJobs.to, "orphan@example.com"));
  expect(await sendDueMails(database.db, mailer)).toBe(1);
  expect(mailer.sent.map((m) => m.to)).toEqual(["orphan@example.com"]);
});

test("the runner sends a mail whose lease ends soon when it ends, without waiting for the background timer", async () => {
  // Claimed a moment ago by a process that died: due again in a second.
  await leftClaimed("lease-ends@example.com", "1 second");
  const mailer = keptMails();
  const runner = createMailRunner(database.db, mailer);
  runner.wake();
  await expect.poll(() => mailer.sent.map((m) => m.to), { timeout: 10_000 }).toEqual(["lease-ends@example.com"]);
  await runner.settled();
});

test("a start on the embedded database takes over what an earlier run had claimed: sent at once", async () => {
  await leftClaimed("taken-over@example.com", "5 minutes");
  const mailer = keptMails();
  expect(await sendDueMails(database.db, mailer)).toBe(0);
  await takeOverClaims(database.db);
  expect(await sendDueMails(database.db, mailer)).toBe(1);
  expect(mailer.sent.map((m) => m.to)).toEqual(["taken-over@example.com"]);
});

test("a slow batch marks what it sent once half its lease is gone: a process taking over the rest sends none of it again", async () => {
  for (const to of ["slow-1@example.com", "slow-2@example.com"]) await enqueueMail(database.db, mail(to));
  const sentWhileSending: (string | null)[] = [];
  const slow: Mailer = {
    async send(message) {
      if (message.to === "slow-1@example.com") {
        // A slow mail server: this mail takes longer than half the (tiny) lease.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return;
      }
      // The first mail is marked sent before the second goes.
      const [first] = await database.db.select().from(mailJobs).where(eq(mailJobs.to, "slow-1@example.com"));
      sentWhileSending.push(first!.sentAt === null ? null : "sent");
    },
    close: async () => {},
  };
  expect(await sendDueMails(database.db, slow, undefined, 0.02)).toBe(2);
  expect(sentWhileSending).toEqual(["sent"]);
});
