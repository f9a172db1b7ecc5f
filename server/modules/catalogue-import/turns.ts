import { setImmediate as nextTurn } from "node:timers/promises";

/*
 * The import's jobs run in the shop's own process, beside its requests (ADR 72): a loop over
 * 100,000 lines or options (planning, the plan's fingerprint, the writes' rows) gives the event
 * loop a turn every ROWS_PER_TURN rows, so a request waits a few milliseconds for it, never the
 * whole loop.
 */

/** Rows between two turns of the event loop. */
export const ROWS_PER_TURN = 250;

/** Gives the event loop a turn after every ROWS_PER_TURN calls: `await turns.tick()` in a loop. */
export function turnTaker(): { tick(): Promise<void> | undefined } {
  let rows = 0;
  return { tick: () => (++rows % ROWS_PER_TURN === 0 ? nextTurn() : undefined) };
}

/** `rows.map(map)`, a turn of the event loop every ROWS_PER_TURN rows. */
export async function mapInTurns<T, U>(rows: readonly T[], map: (row: T) => U): Promise<U[]> {
  const turns = turnTaker();
  const mapped: U[] = [];
  for (const row of rows) {
    mapped.push(map(row));
    await turns.tick();
  }
  return mapped;
}

/** `rows.filter(keep)`, a turn of the event loop every ROWS_PER_TURN rows. */
export async function filterInTurns<T>(rows: readonly T[], keep: (row: T) => boolean): Promise<T[]> {
  const turns = turnTaker();
  const kept: T[] = [];
  for (const row of rows) {
    if (keep(row)) kept.push(row);
    await turns.tick();
  }
  return kept;
}
