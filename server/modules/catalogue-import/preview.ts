import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { catalogueImportLines, catalogueImports } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import type { Progress } from "./jobs.ts";
import { planImport } from "./plan.ts";
import { fileLines, fileText } from "./read-file.ts";
import { inChunks } from "./write.ts";

/*
 * The dry run (ADR 70, ADR 72). The request refuses at once what is plainly no catalogue file
 * (empty, too large, binary, without the Handle and SKU columns) and stores the file as an import
 * "previewing"; the job then reads and plans it against the catalogue as it is, nothing in the
 * catalogue changes, and keeps each line's outcome and the plan's hash.
 */

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

/** The file checked as far as a glance goes, and stored; answers the import's id and its text. */
export async function acceptFile(
  scope: StaffScope,
  file: ImportFile,
  options: { maxBytes: number },
): Promise<{ id: number; text: string }> {
  if (file.bytes.byteLength === 0) throw new ShopError("IMPORT_NOT_CSV", "Choose a CSV file to import.");
  if (file.bytes.byteLength > options.maxBytes) {
    throw new ShopError(
      "IMPORT_TOO_LARGE",
      `The file is larger than ${Math.floor(options.maxBytes / 1024 / 1024)} MB, the shop's import limit.`,
      { details: { maxBytes: options.maxBytes } },
    );
  }
  const text = fileText(file.bytes);
  // The header (and the first lines): a file without the columns is refused before it is stored.
  for await (const _first of fileLines(text)) break;
  // The name is shown on the page and in the audit log: no control characters, a sensible length.
  const name =
    [...file.name]
      .filter((char) => char.charCodeAt(0) >= 0x20)
      .join("")
      .slice(0, 200) || "catalogue.csv";
  const [made] = await scope.db
    .insert(catalogueImports)
    .values({
      fileName: name,
      csv: text,
      status: "previewing",
      phase: "reading",
      progressAt: sql`now()`,
      createdBy: scope.actor.id,
    })
    .returning({ id: catalogueImports.id });
  return { id: made!.id, text };
}

/** The dry run's job: plans the stored text and keeps what each line would do. */
export async function previewImport(
  scope: StaffScope,
  id: number,
  text: string,
  options: { currency: string; now?: Date; progress?: Progress },
): Promise<{ id: number; counts: Record<string, number> }> {
  const plan = await planImport(scope.db, text, {
    currency: options.currency,
    now: options.now ?? new Date(),
    progress: options.progress,
  });
  options.progress?.phase("saving", plan.lines.length);
  return withTransaction(scope, async (tx) => {
    let saved = 0;
    await inChunks(plan.lines, async (chunk) => {
      await tx.db.insert(catalogueImportLines).values(
        chunk.map((line) => ({
          importId: id,
          line: line.line,
          outcome: line.outcome,
          handle: line.handle,
          sku: line.sku,
          detail: line.outcome === "refused" ? { reasons: line.reasons } : line.changes,
        })),
      );
      options.progress?.done((saved += chunk.length));
    });
    const [row] = await tx.db
      .update(catalogueImports)
      .set({ status: "previewed", planHash: plan.hash, counts: plan.counts, phase: null, error: null })
      .where(eq(catalogueImports.id, id))
      .returning({ fileName: catalogueImports.fileName });
    await recordAudit(tx, {
      action: "catalogue.import_previewed",
      entityType: "import",
      entityId: id,
      changes: { file: [null, row!.fileName], lines: [null, plan.lines.length], refused: [null, plan.counts.refused] },
    });
    return { id, counts: plan.counts };
  });
}

/** A dry run that could not end: the import is failed, its file dropped, the reason kept. */
export async function previewFailed(db: Db, id: number, message: string): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ status: "failed", error: message, phase: null, csv: "" })
    .where(eq(catalogueImports.id, id));
}
