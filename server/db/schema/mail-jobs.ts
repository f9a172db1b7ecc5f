import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The mail outbox: a mail is written here in the same transaction as the change it tells of, and
 * sent after commit by the mail runner (modules/mail/jobs.ts), which claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so several processes never send one twice, and a mail whose process
 * died is sent by the next run.
 */
export const mailJobs = pgTable(
  "mail_jobs",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers (a marketing mail's List-Unsubscribe); null for most mails. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    /** When the mail is due: now, or later after a failed attempt (backoff). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.sentAt} is null`),
    // An order's mails, for the back office's order page (the outbox names no order: ADR 60).
    index("mail_jobs_to_idx").on(t.to),
  ],
);

export type MailJob = typeof mailJobs.$inferSelect;
