import { and, eq, inArray, lt, notInArray, or, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { catalogueImports } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * An import's dry run and apply run as jobs of the process that took the request (ADR 72): the
 * request stores the file (or claims the import for applying) and answers at once; the job does
 * the work, saying how far it is on the import's row, which the progress page reads. A job lives
 * as its row: one whose process ended (a restart, a crash) stops saying it is alive, and the
 * "catalogue imports" sweep marks it failed with a message, so no import stays "running" forever.
 */

export type ImportPhase = "reading" | "checking" | "saving" | "writing";

/** How far a job is, as the job tells it. */
export interface Progress {
  /** A new step begins, with how many rows it has (0: not known yet). */
  phase(phase: ImportPhase, total: number): void;
  /** Rows of the step done so far. */
  done(done: number): void;
}

/** How long a job may stay silent before a sweep takes it for ended. */
export const SILENT_FOR_MS = 2 * 60_000;
/** How often a job says it is alive while it works, besides its progress. */
const BEAT_MS = 20_000;
/** Progress is written at most this often. */
const WRITE_EVERY_MS = 500;

export const INTERRUPTED_PREVIEW = "The dry run was interrupted (the shop restarted) before it ended. Upload the file again.";
export const INTERRUPTED_APPLY =
  "Applying was interrupted (the shop restarted); its transaction wrote nothing. Apply again, or upload the file again.";
const UNEXPECTED = "The import stopped on an unexpected error (it is in the shop's log). Nothing was written.";

/**
 * Writes a job's progress to its row, never holding the job up: one write at a time, the latest
 * state only. (On the embedded database a write during the apply's transaction waits for the
 * commit; it only touches a row whose job is still under way, so it cannot undo the final state.)
 */
function progressWriter(db: Db, id: number) {
  let state = { phase: null as ImportPhase | null, done: 0, total: 0 };
  let dirty = false;
  let writing: Promise<void> | null = null;
  let later: ReturnType<typeof setTimeout> | null = null;
  let lastWrite = 0;
  const write = (): Promise<void> => {
    dirty = false;
    lastWrite = Date.now();
    const { phase, done, total } = state;
    return db
      .update(catalogueImports)
      .set({ phase, progressDone: done, progressTotal: total, progressAt: sql`now()` })
      .where(and(eq(catalogueImports.id, id), inArray(catalogueImports.status, ["previewing", "applying"])))
      .then(
        () => undefined,
        () => undefined,
      );
  };
  const kick = (now = false) => {
    dirty = true;
    if (writing) return; // written when the write under way ends
    const wait = now ? 0 : WRITE_EVERY_MS - (Date.now() - lastWrite);
    if (wait > 0) {
      later ??= setTimeout(() => {
        later = null;
        kick(true);
      }, wait);
      later.unref();
      return;
    }
    writing = write().finally(() => {
      writing = null;
      if (dirty) kick();
    });
  };
  const beat = setInterval(() => kick(true), BEAT_MS);
  beat.unref();
  const progress: Progress = {
    phase(phase, total) {
      state = { phase, done: 0, total };
      kick(true);
    },
    done(done) {
      state = { ...state, done };
      kick();
    },
  };
  return {
    progress,
    state: () => state,
    /** Stops the beat and waits for the write under way. */
    async end() {
      clearInterval(beat);
      if (later) clearTimeout(later);
      later = null;
      dirty = false;
      await writing;
    },
  };
}

export interface ImportJobs {
  /** Runs `work` as the job of import `id`; `failed` records its failure (and the message in words) on the row. */
  start<T>(
    db: Db,
    id: number,
    work: (progress: Progress) => Promise<T>,
    failed: (error: unknown, message: string) => Promise<void>,
  ): Promise<T>;
  /** Where the jobs of this process are: the page reads it before the row (fresher, and it needs no query). */
  local(id: number): { phase: ImportPhase | null; done: number; total: number } | null;
  /** Resolves once no job runs in this process (tests, shutdown). */
  settled(): Promise<void>;
  /**
   * Marks failed the jobs no process runs any more: silent for SILENT_FOR_MS, or, when this is
   * the only process (the embedded database), any not running here. Answers how many.
   */
  sweep(db: Db, now: Date, options?: { onlyProcess?: boolean }): Promise<number>;
}

export function createImportJobs(onError: (error: unknown) => void): ImportJobs {
  const running = new Map<
    number,
    { promise: Promise<unknown>; state: () => ReturnType<ReturnType<typeof progressWriter>["state"]> }
  >();
  return {
    start(db, id, work, failed) {
      const writer = progressWriter(db, id);
      const job = (async () => {
        try {
          return await work(writer.progress);
        } catch (error) {
          await writer.end();
          if (!(error instanceof ShopError)) onError(error);
          await failed(error, error instanceof ShopError ? error.message : UNEXPECTED).catch(onError);
          throw error;
        } finally {
          await writer.end();
        }
      })();
      const settledJob = job.then(
        () => undefined,
        () => undefined,
      );
      const entry = { promise: settledJob, state: writer.state };
      running.set(id, entry);
      // Only this job's entry: an apply that began on the same import since has its own.
      void settledJob.then(() => {
        if (running.get(id) === entry) running.delete(id);
      });
      return job;
    },
    local(id) {
      return running.get(id)?.state() ?? null;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running.values()].map((job) => job.promise));
    },
    async sweep(db, now, options = {}) {
      const mine = [...running.keys()];
      const silent = new Date(now.getTime() - SILENT_FOR_MS);
      const ended = and(
        inArray(catalogueImports.status, ["previewing", "applying"]),
        mine.length > 0 ? notInArray(catalogueImports.id, mine) : undefined,
        options.onlyProcess ? undefined : or(isNull(catalogueImports.progressAt), lt(catalogueImports.progressAt, silent)),
      );
      const marked = await db
        .update(catalogueImports)
        .set({
          status: sql`case when ${catalogueImports.status} = 'applying' then 'previewed' else 'failed' end`,
          error: sql`case when ${catalogueImports.status} = 'applying' then ${INTERRUPTED_APPLY} else ${INTERRUPTED_PREVIEW} end`,
          phase: null,
        })
        .where(ended)
        .returning({ id: catalogueImports.id });
      return marked.length;
    },
  };
}
