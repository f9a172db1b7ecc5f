import { sql, type SQL } from "drizzle-orm";

/** A timestamptz as the ISO text the shop's answers use (UTC, milliseconds): 2026-11-26T05:11:12.345Z. */
export function isoUtc(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
