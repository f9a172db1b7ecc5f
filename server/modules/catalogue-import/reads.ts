import { and, count, desc, eq, asc } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { catalogueImportLines, catalogueImports, users, type ImportOutcome, type ImportStatus } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { ImportJobs, ImportPhase } from "./jobs.ts";
import { importIdInput, importLinesInput, type ImportLinesParams } from "./schemas.ts";

/* The imports page's reads (ADR 70): the recent imports, and one import with its lines. */

export const LINES_PAGE = 100;

export interface ImportSummary {
  id: number;
  fileName: string;
  status: ImportStatus;
  counts: Record<string, number>;
  by: string | null;
  /** ISO times, UTC. */
  createdAt: string;
  appliedAt: string | null;
  undoneAt: string | null;
  /** The job under way: its step and how far it is (total 0: not known yet). */
  progress: { phase: ImportPhase | null; done: number; total: number };
  /** Why the last job failed, if it did. */
  error: string | null;
  /** What applying made and changed, once applied. */
  applied: Record<string, number> | null;
}

export interface ImportLine {
  line: number;
  outcome: ImportOutcome;
  handle: string;
  sku: string;
  changes: { field: string; from: string; to: string }[];
  reasons: string[];
}

export interface ImportDetail extends ImportSummary {
  lines: ImportLine[];
  /** Lines of the chosen outcome (or all), on every page. */
  total: number;
  page: number;
  pages: number;
  params: ImportLinesParams;
}

const creator = alias(users, "creator");

function summaryOf(row: {
  id: number;
  fileName: string;
  status: ImportStatus;
  counts: Record<string, number>;
  by: string | null;
  createdAt: Date;
  appliedAt: Date | null;
  undoneAt: Date | null;
  phase: string | null;
  progressDone: number;
  progressTotal: number;
  error: string | null;
  applied: Record<string, number> | null;
}): ImportSummary {
  const { phase, progressDone, progressTotal, ...rest } = row;
  return {
    ...rest,
    progress: { phase: phase as ImportPhase | null, done: progressDone, total: progressTotal },
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

const summaryColumns = {
  id: catalogueImports.id,
  fileName: catalogueImports.fileName,
  status: catalogueImports.status,
  counts: catalogueImports.counts,
  by: creator.email,
  createdAt: catalogueImports.createdAt,
  appliedAt: catalogueImports.appliedAt,
  undoneAt: catalogueImports.undoneAt,
  phase: catalogueImports.phase,
  progressDone: catalogueImports.progressDone,
  progressTotal: catalogueImports.progressTotal,
  error: catalogueImports.error,
  applied: catalogueImports.applied,
};

/** The latest imports, newest first. */
export async function recentImports(scope: Scope, limit = 20): Promise<ImportSummary[]> {
  const rows = await scope.db
    .select(summaryColumns)
    .from(catalogueImports)
    .leftJoin(creator, eq(creator.id, catalogueImports.createdBy))
    .orderBy(desc(catalogueImports.id))
    .limit(limit);
  return rows.map(summaryOf);
}

/** One import and a page of its lines; `local`: the progress of a job of this process, fresher than its row's. */
export async function importDetail(
  scope: Scope,
  rawId: unknown,
  raw: unknown = {},
  local: ImportJobs["local"] = () => null,
): Promise<ImportDetail> {
  const id = parseInput(importIdInput, rawId);
  const params = parseInput(importLinesInput, raw);
  const [row] = await scope.db
    .select(summaryColumns)
    .from(catalogueImports)
    .leftJoin(creator, eq(creator.id, catalogueImports.createdBy))
    .where(eq(catalogueImports.id, id));
  if (!row) throw new ShopError("IMPORT_NOT_FOUND", "There is no such import.");
  const where = and(
    eq(catalogueImportLines.importId, id),
    params.outcome ? eq(catalogueImportLines.outcome, params.outcome) : undefined,
  );
  const [lines, [counted]] = await Promise.all([
    scope.db
      .select()
      .from(catalogueImportLines)
      .where(where)
      .orderBy(asc(catalogueImportLines.line))
      .limit(LINES_PAGE)
      .offset((params.page - 1) * LINES_PAGE),
    scope.db.select({ n: count() }).from(catalogueImportLines).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  const summary = summaryOf(row);
  const running = local(id);
  if (running && (summary.status === "previewing" || summary.status === "applying")) summary.progress = running;
  return {
    ...summary,
    lines: lines.map((line) => ({
      line: line.line,
      outcome: line.outcome,
      handle: line.handle,
      sku: line.sku,
      changes: line.outcome === "refused" ? [] : (line.detail as ImportLine["changes"]),
      reasons: line.outcome === "refused" ? (line.detail as { reasons: string[] }).reasons : [],
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / LINES_PAGE)),
    params,
  };
}
