import type { Db } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { applyFailed, applyImport, claimApply } from "./apply.ts";
import { createImportJobs } from "./jobs.ts";
import { acceptFile, previewFailed, previewImport, type ImportFile } from "./preview.ts";
import { importDetail, recentImports } from "./reads.ts";
import { importIdInput } from "./schemas.ts";
import { undoImport } from "./undo.ts";

/**
 * The catalogue's CSV import (issue 25 §3, ADR 70, ADR 72): a dry run that says line by line what
 * a file would create, change or refuse; applying it in one transaction; undoing it while nothing
 * it touched changed since. The dry run and the apply are jobs with a progress bar: the request
 * stores the file or claims the import and answers at once. The file's columns are the products
 * CSV export's.
 */
export type { ImportDetail, ImportLine, ImportSummary } from "./reads.ts";
export type { ImportFile } from "./preview.ts";
export * from "./shared.ts";

export interface CatalogueImportDeps {
  currency: string;
  /** The largest file an import takes, in bytes (a setting). */
  maxBytes: number;
  /** Runs after a change commits: the shop's catalogue caches follow it. */
  catalogueChanged: () => void;
  /** A job that failed on something other than the file (a bug, the database): for the log. */
  onError?: (error: unknown) => void;
}

export function createCatalogueImport(deps: CatalogueImportDeps) {
  // A job runs in the scope of the request that started it (its actor, for the audit).
  const jobs = createImportJobs(deps.onError ?? (() => {}));

  /** Stores the file and starts its dry run; answers the import's id at once. */
  const upload = async (scope: StaffScope, file: ImportFile, now?: Date) => {
    const { id, text } = await acceptFile(scope, file, { maxBytes: deps.maxBytes });
    const done = jobs.start(
      scope.db,
      id,
      (progress) => previewImport(scope, id, text, { currency: deps.currency, now, progress }),
      (_error, message) => previewFailed(scope.db, id, message),
    );
    return { id, done };
  };
  /** Claims the import for applying and starts the job; answers at once. */
  const startApply = async (scope: StaffScope, rawId: unknown, now?: Date) => {
    const id = parseInput(importIdInput, rawId);
    await claimApply(scope.db, id);
    const done = jobs.start(
      scope.db,
      id,
      async (progress) => {
        const applied = await applyImport(scope, id, { currency: deps.currency, now, progress });
        deps.catalogueChanged();
        return applied;
      },
      (error, message) => applyFailed(scope.db, id, error, message),
    );
    return { id, done };
  };

  return {
    maxBytes: deps.maxBytes,
    recentImports: (scope: Scope) => recentImports(scope),
    importDetail: (scope: Scope, id: unknown, raw: unknown = {}) => importDetail(scope, id, raw, jobs.local),
    upload: async (scope: StaffScope, file: ImportFile, now?: Date) => {
      const { id, done } = await upload(scope, file, now);
      // The page shows a failure from the row; here it is only not left unhandled.
      done.catch(() => {});
      return { id };
    },
    startApply: async (scope: StaffScope, id: unknown, now?: Date) => {
      const started = await startApply(scope, id, now);
      started.done.catch(() => {});
      return { id: started.id };
    },
    /** The dry run, waited for (tests, the bench): nothing in the catalogue changes. */
    preview: async (scope: StaffScope, file: ImportFile, now?: Date) => (await upload(scope, file, now)).done,
    /** Applying, waited for (tests, the bench). */
    apply: async (scope: StaffScope, id: unknown, now?: Date) => (await startApply(scope, id, now)).done,
    undo: async (scope: StaffScope, id: unknown) => {
      await undoImport(scope, parseInput(importIdInput, id));
      deps.catalogueChanged();
    },
    /** Resolves once no import job runs in this process. */
    settled: () => jobs.settled(),
    /**
     * The sweep (ADR 54's runner, every minute and at start): imports whose job no process runs
     * any more are marked failed with why. `onlyProcess`: this is the database's only process.
     */
    sweepInterrupted: (db: Db, now: Date, options?: { onlyProcess?: boolean }) => jobs.sweep(db, now, options),
  };
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>;
