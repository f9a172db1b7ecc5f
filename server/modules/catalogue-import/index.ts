import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { applyImport } from "./apply.ts";
import { previewImport, type ImportFile } from "./preview.ts";
import { importDetail, recentImports } from "./reads.ts";
import { importIdInput } from "./schemas.ts";
import { undoImport } from "./undo.ts";

/**
 * The catalogue's CSV import (issue 25 §3, ADR 70): a dry run that says line by line what a file
 * would create, change or refuse; applying it in one transaction; undoing it while nothing it
 * touched changed since. The file's columns are the products CSV export's.
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
}

export function createCatalogueImport(deps: CatalogueImportDeps) {
  return {
    maxBytes: deps.maxBytes,
    recentImports: (scope: Scope) => recentImports(scope),
    importDetail: (scope: Scope, id: unknown, raw: unknown = {}) => importDetail(scope, id, raw),
    /** The dry run: nothing in the catalogue changes. */
    preview: (scope: StaffScope, file: ImportFile, now?: Date) =>
      previewImport(scope, file, { currency: deps.currency, maxBytes: deps.maxBytes, now }),
    apply: async (scope: StaffScope, id: unknown, now?: Date) => {
      const applied = await applyImport(scope, parseInput(importIdInput, id), { currency: deps.currency, now });
      deps.catalogueChanged();
      return applied;
    },
    undo: async (scope: StaffScope, id: unknown) => {
      await undoImport(scope, parseInput(importIdInput, id));
      deps.catalogueChanged();
    },
  };
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>;
