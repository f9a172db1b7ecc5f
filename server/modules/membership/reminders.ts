import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { afterCommit, systemScope, withTransaction } from "../../lib/scope.ts";
import { enqueueMail } from "../mail/index.ts";
import type { Mail } from "../mail/index.ts";

/** How long before its end a member is reminded (SPEC: issue 12 §3). */
export const REMINDER_DAYS = 14;
// Reminders queued per transaction: a large batch of members ending together goes in rounds.
const BATCH = 100;

export interface EndingMembership {
  email: string;
  firstName: string | null;
  planName: string;
  /** ISO time, UTC. */
  until: string;
  renews: boolean;
}

/**
 * Queues one reminder mail for every membership in force that ends within REMINDER_DAYS and has
 * not been reminded: marked in the same transaction as the mail is queued, so each member gets
 * exactly one, whichever process runs this (rows are claimed with SKIP LOCKED). `mailsWritten` is
 * told after each batch commits, so its mails go out at once.
 */
export async function remindEndingMemberships(
  db: Db,
  mailFor: (ending: EndingMembership) => Mail,
  now: Date,
  mailsWritten?: () => void,
): Promise<number> {
  let reminded = 0;
  for (;;) {
    const count = await withTransaction(systemScope(db), async (scope) => {
      const tx = scope.db;
      const rows = await queryRows<EndingMembership & { id: number }>(
        tx,
        sql`select m.id, u.email, u.first_name as "firstName", p.name as "planName", m.renews,
              ${isoUtc(sql`m.ends_at`)} as until
            from memberships m
            join users u on u.id = m.user_id
            join membership_plans p on p.id = m.plan_id
            where m.active and m.reminder_sent_at is null and m.ends_at is not null
              and m.ends_at > ${now.toISOString()}::timestamptz
              and m.ends_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${REMINDER_DAYS})
            order by m.ends_at, m.id
            limit ${BATCH}
            for update of m skip locked`,
      );
      for (const { id: _id, ...ending } of rows) await enqueueMail(tx, mailFor(ending));
      if (rows.length > 0) {
        await tx.execute(
          sql`update memberships set reminder_sent_at = ${now.toISOString()}::timestamptz
              where id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::int)`,
        );
        if (mailsWritten) afterCommit(scope, mailsWritten);
      }
      return rows.length;
    });
    reminded += count;
    if (count < BATCH) return reminded;
  }
}
