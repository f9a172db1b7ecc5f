import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";

/*
 * When the newsroom changes by itself (ADR 75, as ADR 64 for products): a scheduled post appears
 * at its publishing time with nobody acting. The watch knows the next such moment (read again
 * after every change) and, once the clock passes it, moves its stamp and drops the caches; the
 * page cache keeps pages with the stamp (server/app.ts), so no guest is served the page from
 * before. Reading the stamp costs a clock read and a comparison.
 */

async function nextScheduled(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ at: number | null }>(
    db,
    sql`select (extract(epoch from min(published_at)) * 1000)::float8 as at from news_posts where published_at > now()`,
  );
  return row?.at ?? null;
}

export function createScheduleWatch(db: Db, onPass: () => void, now: () => number = Date.now) {
  let generation = 0;
  let ticks = 0;
  let changesAt: number | null | undefined;
  let reading: Promise<void> | undefined;
  const read = () => {
    if (reading) return reading;
    const started = generation;
    const run = nextScheduled(db)
      .then((at) => {
        if (started === generation) changesAt = at;
      })
      .catch(() => {})
      .finally(() => {
        if (reading === run) reading = undefined;
      });
    reading = run;
    return run;
  };
  return {
    /** The newsroom's state as a stamp; moves when a scheduled moment passed. */
    stamp(): string {
      if (changesAt === undefined) void read();
      else if (changesAt !== null && now() >= changesAt) {
        ticks++;
        changesAt = undefined;
        onPass();
        void read();
      }
      return `${generation}.${ticks}`;
    },
    /** Waits for the next moment to be known (the first read, or after a change). */
    async ready(): Promise<void> {
      if (changesAt === undefined) await read();
    },
    /** A writer in this process committed a change: the next moment is read again. */
    changed() {
      generation++;
      changesAt = undefined;
      void read();
    },
  };
}
