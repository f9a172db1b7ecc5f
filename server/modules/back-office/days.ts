/*
 * The back office counts in UTC days (ADR 60): the shop keeps times in UTC and has no time-zone
 * setting, so "today" runs from 00:00 UTC. A setting, when one comes, changes only this file.
 */

export const DAY_MS = 86_400_000;

/** The start (00:00 UTC) of the day `time` falls in. */
export function startOfDay(time: Date): Date {
  return new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);
}

/** The UTC day as YYYY-MM-DD. */
export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The `count` days ending with the one `now` falls in, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  const today = startOfDay(now).getTime();
  return Array.from({ length: count }, (_, i) => dayOf(new Date(today - (count - 1 - i) * DAY_MS)));
}

/** A from/to filter of whole UTC days (both included) as a half-open range of times. */
export function dayRange(from: string | undefined, to: string | undefined): { since?: Date; before?: Date } {
  return {
    since: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
    before: to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined,
  };
}

/** Whole days left until `until` (a part of a day counts as one); 0 once it has passed. */
export function daysLeft(until: Date | null, now: Date): number | null {
  if (!until) return null;
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));
}
