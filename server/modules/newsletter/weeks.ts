import { and, count, gte, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { newsletterSubscriptions } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { SUBSCRIBER_WEEKS } from "./shared.ts";

/*
 * The newsletter's list over time (issue 26 §5, ADR 77): per week (Monday to Sunday, UTC), the
 * addresses that signed up, confirmed and unsubscribed. Read from each row's own times: an address
 * counts in the week of its first sign-up, its latest confirmation and its latest unsubscribing
 * (the table keeps no history of its own; an address that went and came back more than once
 * counts for its last time only).
 */

export interface SubscriberWeek {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: string;
  signedUp: number;
  confirmed: number;
  unsubscribed: number;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (00:00 UTC) of the week `at` falls in. */
export function mondayOf(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

const weekOf = (column: AnyPgColumn) => sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** How many rows have `column` in each week of [since, now]. */
async function perWeek(scope: Scope, column: AnyPgColumn, since: Date, now: Date): Promise<Map<string, number>> {
  const week = weekOf(column);
  const rows = await scope.db
    .select({ week, n: count() })
    .from(newsletterSubscriptions)
    .where(and(gte(column, since), lte(column, now)))
    .groupBy(week);
  return new Map(rows.map((row) => [row.week, row.n]));
}

/** The last `weeks` weeks, oldest first, this week (so far) last; every week present, zero when nothing happened. */
export async function subscriberWeeks(scope: Scope, now = new Date(), weeks = SUBSCRIBER_WEEKS): Promise<SubscriberWeek[]> {
  const since = new Date(mondayOf(now).getTime() - (weeks - 1) * WEEK_MS);
  const t = newsletterSubscriptions;
  const [signedUp, confirmed, unsubscribed] = await Promise.all([
    perWeek(scope, t.createdAt, since, now),
    perWeek(scope, t.confirmedAt, since, now),
    perWeek(scope, t.unsubscribedAt, since, now),
  ]);
  return Array.from({ length: weeks }, (_, i) => {
    const week = new Date(since.getTime() + i * WEEK_MS).toISOString().slice(0, 10);
    return {
      week,
      signedUp: signedUp.get(week) ?? 0,
      confirmed: confirmed.get(week) ?? 0,
      unsubscribed: unsubscribed.get(week) ?? 0,
    };
  });
}
