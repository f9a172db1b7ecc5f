import { catalogueImportLines, catalogueImports } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { planImport } from "./plan.ts";
import { fileText } from "./read-file.ts";
import { inChunks } from "./write.ts";

/*
 * The dry run (ADR 70): the file is read and planned against the catalogue as it is, nothing in
 * the catalogue changes; the import keeps the file, each line's outcome and the plan's hash.
 */

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export async function previewImport(
  scope: StaffScope,
  file: ImportFile,
  options: { currency: string; maxBytes: number; now?: Date },
): Promise<{ id: number; counts: Record<string, number> }> {
  if (file.bytes.byteLength === 0) throw new ShopError("IMPORT_NOT_CSV", "Choose a CSV file to import.");
  if (file.bytes.byteLength > options.maxBytes) {
    throw new ShopError(
      "IMPORT_TOO_LARGE",
      `The file is larger than ${Math.floor(options.maxBytes / 1024 / 1024)} MB, the shop's import limit.`,
      {
        details: { maxBytes: options.maxBytes },
      },
    );
  }
  const text = fileText(file.bytes);
  const plan = await planImport(scope.db, text, { currency: options.currency, now: options.now ?? new Date() });
  // The name is shown on the page and in the audit log: no control characters, a sensible length.
  const name =
    [...file.name]
      .filter((char) => char.charCodeAt(0) >= 0x20)
      .join("")
      .slice(0, 200) || "catalogue.csv";
  return withTransaction(scope, async (tx) => {
    const [made] = await tx.db
      .insert(catalogueImports)
      .values({ fileName: name, csv: text, planHash: plan.hash, counts: plan.counts, createdBy: scope.actor.id })
      .returning({ id: catalogueImports.id });
    const id = made!.id;
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
    });
    await recordAudit(tx, {
      action: "catalogue.import_previewed",
      entityType: "import",
      entityId: id,
      changes: { file: [null, name], lines: [null, plan.lines.length], refused: [null, plan.counts.refused] },
    });
    return { id, counts: plan.counts };
  });
}
