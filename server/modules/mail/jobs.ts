import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailJobs, type MailJob } from "../../db/schema/index.ts";
import { createWakeLoop, type WakeLoop } from "../../lib/wake-loop.ts";
import type { Mail, Mailer } from "./mailer.ts";

/*
 * The mail outbox (ADR 37): a mail that tells of a change (an order placed, paid, shipped) is
 * written to mail_jobs in the same transaction as the change, so it exists exactly when the change
 * does; the runner sends it after the commit. A run claims due rows in a short transaction (FOR
 * UPDATE SKIP LOCKED, then a lease: its run_at moves LEASE_SECONDS ahead), sends them outside any
 * transaction (the embedded database has one connection: an SMTP conversation must not hold it),
 * and marks them sent. Two processes never claim one row; a failure is retried with backoff; a
 * process that dies leaves its claimed rows to come due again when the lease ends. A mail sent just
 * before a crash, whose row was not yet marked, goes once more: at least once, never lost.
 */

/** Tries before a mail is given up (about a day of retries). */
export const MAX_ATTEMPTS = 12;
/** How long a claimed mail is left to its sender before another run may take it (MAIL_LEASE_SECONDS). */
export const LEASE_SECONDS = 300;
/** Retries after 1, 2, 4, ... minutes, at most three hours apart. */
const backoffSeconds = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 3 * 3600);

/** Writes the mail into the outbox, through `db` (the transaction of the change it tells of). */
export async function enqueueMail(db: Db, mail: Mail): Promise<void> {
  await mailInsert(db, mail);
}

/** The statement that writes the mail into the outbox, for a use case that folds it into one of its own. */
export function mailInsert(db: Db, mail: Mail) {
  return db.insert(mailJobs).values(mailJobRow(mail));
}

/** Writes several mails into the outbox in one statement (a batch of notices); nothing for none. */
export async function enqueueMails(db: Db, mails: readonly Mail[]): Promise<void> {
  if (mails.length > 0) await db.insert(mailJobs).values(mails.map(mailJobRow));
}

const mailJobRow = (mail: Mail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers ?? null,
});

/** Claims up to `limit` due mails for this run (see above). */
async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<MailJob[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailJobs)
      .where(and(isNull(mailJobs.sentAt), lte(mailJobs.runAt, sql`now()`), lt(mailJobs.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailJobs.runAt), asc(mailJobs.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(mailJobs)
      .set({ attempts: sql`${mailJobs.attempts} + 1`, runAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        inArray(
          mailJobs.id,
          due.map((job) => job.id),
        ),
      );
    return due.map((job) => ({ ...job, attempts: job.attempts + 1 }));
  });
}

/**
 * Makes every unsent mail due now. For a start on the embedded database, which only one process
 * can open: whatever an earlier run had claimed, that run is gone (it crashed, or its lease is
 * stale), so its mails need not wait for their lease to end.
 */
export async function takeOverClaims(db: Db): Promise<void> {
  await db
    .update(mailJobs)
    .set({ runAt: sql`now()` })
    .where(and(isNull(mailJobs.sentAt), lt(mailJobs.attempts, MAX_ATTEMPTS), sql`${mailJobs.runAt} > now()`));
}

/** Sends the mails that are due, a few at a time, until none is left; returns how many went out. */
export async function sendDueMails(
  db: Db,
  mailer: Mailer,
  onError?: (error: unknown) => void,
  leaseSeconds = LEASE_SECONDS,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(db, 20, leaseSeconds);
    if (claimed.length === 0) return sent;
    // Marked sent together: one statement per batch, not per mail. A crash in the middle sends the
    // unmarked mails again (at least once), never loses one. A slow batch is marked as it goes once
    // half its lease is gone, so another process taking over the rest does not send them again.
    const claimedAt = Date.now();
    let done: number[] = [];
    const markSent = async () => {
      if (done.length === 0) return;
      await db
        .update(mailJobs)
        .set({ sentAt: sql`now()` })
        .where(inArray(mailJobs.id, done));
      done = [];
    };
    for (const job of claimed) {
      try {
        await mailer.send({
          to: job.to,
          subject: job.subject,
          text: job.text,
          html: job.html,
          ...(job.headers ? { headers: job.headers } : {}),
        });
        done.push(job.id);
        sent++;
        if (Date.now() - claimedAt > leaseSeconds * 500) await markSent();
      } catch (error) {
        onError?.(error);
        await db
          .update(mailJobs)
          .set({
            lastError: String(error).slice(0, 500),
            runAt: sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`,
          })
          .where(eq(mailJobs.id, job.id));
      }
    }
    await markSent();
  }
}

/** How long a wake waits, so a burst of orders is sent in a few runs rather than one run each. */
const WAKE_DELAY_MS = 100;
/** Mails due again within this long (a retry, a lease that ends) get a wake of their own; later ones the shop's background timer finds. */
const LOOK_AHEAD_MS = 60_000;

/** When the next unsent mail comes due; null when none is waiting. */
async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${mailJobs.runAt})` })
    .from(mailJobs)
    .where(and(isNull(mailJobs.sentAt), lt(mailJobs.attempts, MAX_ATTEMPTS)));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Runs sendDueMails when woken (after a commit that wrote mails, and by the shop's background
 * schedule for retries), in the shared wake loop: shortly after, never two runs at once in this
 * process, a wake during a run runs it again. After each run it looks when the next mail comes due:
 * one due within LOOK_AHEAD_MS (a retry, another process's lease ending) is sent on time, by a run
 * of its own, not at the next background run.
 */
export function createMailRunner(
  db: Db,
  mailer: Mailer,
  options: { onError?: (error: unknown) => void; leaseSeconds?: number } = {},
): WakeLoop {
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  return createWakeLoop(
    async () => {
      await sendDueMails(db, mailer, options.onError, leaseSeconds).catch((error: unknown) => options.onError?.(error));
      const due = await nextDue(db).catch(() => null);
      const wait = due === null ? Infinity : due.getTime() - Date.now();
      return wait <= LOOK_AHEAD_MS ? Math.max(wait, WAKE_DELAY_MS) : null;
    },
    { delayMs: WAKE_DELAY_MS, onError: options.onError },
  );
}

export type MailRunner = ReturnType<typeof createMailRunner>;
