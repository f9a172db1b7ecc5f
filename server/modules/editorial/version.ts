import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * An entry's version (ADR 58, 63, 75): its updated_at to the microsecond, as text. A form (or an
 * API write that names one) carries the version it read; a change is refused with STALE_VERSION
 * (409) when the entry moved on since, compared under the entry's row lock in the change's
 * transaction (each editor locks its own table's row, then asks refuseStale).
 */

export const versionOf = (updatedAt: SQL | AnyPgColumn) =>
  sql<string>`(extract(epoch from ${updatedAt}) * 1000000)::bigint::text`;

/** The next version: later than both the clock and the last one, so two saves in a millisecond still differ. */
export const nextVersion = (updatedAt: AnyPgColumn) => sql`greatest(clock_timestamp(), ${updatedAt} + interval '1 millisecond')`;

/** STALE_VERSION when the form read another version than the row's (none named: an API write that names none). */
export function refuseStale(row: { title: string; updatedAt: Date; version: string }, read: string | undefined): void {
  if (read === undefined || row.version === read) return;
  throw new ShopError("STALE_VERSION", `“${row.title}” changed since the page was read.`, {
    details: { changedAt: row.updatedAt.toISOString() },
  });
}
