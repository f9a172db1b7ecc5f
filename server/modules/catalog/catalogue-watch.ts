import type { Db } from "../../db/client.ts";
import { nextPublicAt, readCatalogueRevision } from "./listing/catalogue-reads.ts";

/*
 * How this process knows that what the shop shows of the catalogue has changed, so that no cache
 * (the listings' read model, the product and shell caches, the page cache) serves a page from
 * before a change to the request after it (ADR 64). Three things change it:
 *
 * - a writer in this process: it calls catalog.invalidate() after its commit (changed() here);
 * - a writer in another process (PostgreSQL only: an embedded PGlite database belongs to this
 *   process alone): the database raises catalogue_revision with every change (migrations 0004/5),
 *   so with a shared database every request reads it, one single-row query that requests arriving
 *   together share;
 * - the clock: a scheduled product goes on the shop, or a members-only product opens to everyone,
 *   at a moment known in advance (nextPublicAt), with no write at all.
 *
 * The stamp names the state: equal stamps, same catalogue. A cache keeps the stamp it was filled
 * at and compares it, which costs a string comparison.
 */

export interface CatalogueWatch {
  /**
   * Brings the stamp up to date (with a shared database, reads the revision) and returns it;
   * calls onChange first when it moved.
   */
  follow(): Promise<string>;
  /** The stamp as last brought up to date, with the clock read now: for a cache hit on a request that followed already. */
  stamp(): string;
  /** A writer in this process committed a change. */
  changed(): void;
}

export interface CatalogueWatchOptions {
  /** Other processes write to the database (PostgreSQL): its revision is read on every follow(). */
  shared: boolean;
  /** Drops what the caches hold; called when the stamp moves for anything but changed(). */
  onChange: () => void;
  now?: () => number;
}

export function createCatalogueWatch(db: Db, options: CatalogueWatchOptions): CatalogueWatch {
  const { shared, onChange, now = Date.now } = options;
  let generation = 0;
  // The revision last read (shared databases only); -2: not read yet (-1 is readCatalogueRevision's "no row").
  let revision = -2;
  // The next moment the clock changes what is shown; undefined: to be read again.
  let changesAt: number | null | undefined;
  let changesAtRead: Promise<void> | undefined;
  // How many such moments this process has seen pass.
  let ticks = 0;
  const revisionReads = coalesced(() => readCatalogueRevision(db));

  const readChangesAt = () => {
    if (changesAtRead) return changesAtRead;
    const started = generation;
    const read = nextPublicAt(db)
      .then((at) => {
        // A change meanwhile may have moved it: that change asks again.
        if (started === generation) changesAt = at;
      })
      .finally(() => {
        if (changesAtRead === read) changesAtRead = undefined;
      });
    changesAtRead = read;
    return read;
  };

  const passTime = (): boolean => {
    if (changesAt === undefined || changesAt === null || now() < changesAt) return false;
    ticks++;
    changesAt = undefined;
    return true;
  };

  const stamp = () => {
    if (passTime()) {
      onChange();
      readChangesAt().catch(() => {});
    }
    return `${generation}.${revision}.${ticks}`;
  };

  return {
    async follow() {
      if (shared) {
        const current = await revisionReads();
        if (current !== revision) {
          const first = revision === -2;
          revision = current;
          changesAt = undefined;
          if (!first) onChange();
        }
      }
      if (changesAt === undefined) await readChangesAt();
      return stamp();
    },
    stamp,
    changed() {
      generation++;
      changesAt = undefined;
    },
  };
}

/**
 * A read that callers share while it runs, and that always began after the caller asked: a caller
 * arriving while a read is under way waits for the next one (which all such callers share), since
 * the running one may have begun before a commit the caller has seen. At most one read runs and
 * one waits, however many requests arrive.
 */
export function coalesced<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = read().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    if (!next) {
      const after = running.then(
        () => undefined,
        () => undefined,
      );
      next = after.then(() => {
        next = undefined;
        return start();
      });
    }
    return next;
  };
}
