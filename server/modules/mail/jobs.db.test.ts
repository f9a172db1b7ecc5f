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
  await enqueueMail(database.db, mail("orphan@example.com"));
  // What a claim leaves behind when its process dies before sending: an attempt and a lease.
  await database.db
    .update(mailJobs)
    .set({ attempts: 1, runAt: sql`now() + interval '5 minutes'` })
    .where(eq(mailJobs.to, "orphan@example.com"));
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
  await enqueueMail(database.db, mail("lease-ends@example.com"));
  // Claimed a moment ago by a process that died: due again in a second.
  await database.db
    .update(mailJobs)
    .set({ attempts: 1, runAt: sql`now() + interval '1 second'` })
    .where(eq(mailJobs.to, "lease-ends@example.com"));
  const mailer = keptMails();
  const runner = createMailRunner(database.db, mailer, { leaseSeconds: 5 });
  runner.wake();
  await expect.poll(() => mailer.sent.map((m) => m.to), { timeout: 10_000 }).toEqual(["lease-ends@example.com"]);
  await runner.settled();
});

test("a start on the embedded database takes over what an earlier run had claimed: sent at once", async () => {
  await enqueueMail(database.db, mail("taken-over@example.com"));
  await database.db
    .update(mailJobs)
    .set({ attempts: 1, runAt: sql`now() + interval '5 minutes'` })
    .where(eq(mailJobs.to, "taken-over@example.com"));
  const mailer = keptMails();
  expect(await sendDueMails(database.db, mailer)).toBe(0);
  await takeOverClaims(database.db);
  expect(await sendDueMails(database.db, mailer)).toBe(1);
  expect(mailer.sent.map((m) => m.to)).toEqual(["taken-over@example.com"]);
});
