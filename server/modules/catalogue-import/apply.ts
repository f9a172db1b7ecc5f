import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { catalogueImportLines, catalogueImportRecords, catalogueImports } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { raceRefusal } from "./race.ts";
import type { Progress } from "./jobs.ts";
import { planImport, type Change } from "./plan.ts";
import type { ProductFields, VariantFields } from "./records.ts";
import { inChunks, insertProducts, insertVariants, moveStocks, touchProducts, updateProducts, updateVariants } from "./write.ts";
import { filterInTurns, mapInTurns } from "./turns.ts";

/*
 * Applying a previewed import (ADR 70, ADR 72). The request claims the import (previewed ->
 * applying: two presses apply once) and the job applies it in one transaction: the file is planned again with the
 * records it names locked, and written only when the plan is the one previewed; else nothing is
 * and the owner previews again. Stock is set to the file's number from what it is now (orders may
 * have moved it since the preview), each change a movement. Every record made or changed keeps its
 * before and after, for undo.
 */

/** What an applied import made and changed. */
export interface AppliedCounts {
  newProducts: number;
  changedProducts: number;
  newOptions: number;
  changedOptions: number;
}

const ALREADY: Record<string, string> = {
  previewing: "This import's dry run has not ended yet.",
  applying: "This import is being applied already.",
  applied: "This import was applied already.",
  undone: "This import was applied and undone already.",
  failed: "This import's dry run failed: upload the file again.",
};

/** The import taken for applying by this request; IMPORT_NOT_APPLICABLE when it is not previewed. */
export async function claimApply(db: Db, id: number): Promise<void> {
  const [claimed] = await db
    .update(catalogueImports)
    .set({ status: "applying", error: null, phase: "checking", progressDone: 0, progressTotal: 0, progressAt: sql`now()` })
    .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, "previewed")))
    .returning({ id: catalogueImports.id });
  if (claimed) return;
  const [row] = await db.select({ status: catalogueImports.status }).from(catalogueImports).where(eq(catalogueImports.id, id));
  if (!row) throw new ShopError("IMPORT_NOT_FOUND", "There is no such import.");
  throw new ShopError("IMPORT_NOT_APPLICABLE", ALREADY[row.status] ?? "This import cannot be applied.");
}

/**
 * An apply that failed wrote nothing (its transaction rolled back): the import is previewed again,
 * with why; a line a unique index refused (raceRefusal) is refused on the preview too.
 */
export async function applyFailed(db: Db, id: number, error: unknown, message: string): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ status: "previewed", error: message, phase: null })
    .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, "applying")));
  const line = error instanceof ShopError ? (error.details as { line?: unknown } | undefined)?.line : undefined;
  if (typeof line === "number") {
    await db
      .update(catalogueImportLines)
      .set({ outcome: "refused", detail: { reasons: [(error as ShopError).details!.reason as string] } })
      .where(and(eq(catalogueImportLines.importId, id), eq(catalogueImportLines.line, line)));
  }
}

/** The job of a claimed import. */
export async function applyImport(
  scope: StaffScope,
  id: number,
  options: { currency: string; now?: Date; progress?: Progress },
): Promise<{ counts: AppliedCounts }> {
  const now = options.now ?? new Date();
  const { progress } = options;
  return withTransaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
    if (row?.status !== "applying") throw new ShopError("IMPORT_NOT_APPLICABLE", "This import is not being applied.");
    const plan = await planImport(tx.db, row.csv, { currency: options.currency, now, lock: true, progress });
    if (plan.hash !== row.planHash) {
      throw new ShopError(
        "STALE_VERSION",
        "The catalogue changed since the preview: upload the file again to see what it would do now.",
      );
    }
    const resolve = (fields: ProductFields): ProductFields =>
      fields.archivedAt === "now" ? { ...fields, archivedAt: now.toISOString() } : fields;

    const made = plan.products.filter((p) => p.id === null).map((p) => resolve(p.after));
    // The writes' rows are prepared a few hundred at a time between turns of the event loop (turns.ts).
    const changedProducts = await mapInTurns(
      await filterInTurns(plan.products, (p) => p.id !== null && JSON.stringify(p.before) !== JSON.stringify(p.after)),
      (p) => ({ id: p.id!, before: p.before!, fields: resolve(p.after) }),
    );
    // What the preview showed of each option's stock (from -> to): applied as that difference to
    // the stock of now, so what sold or arrived since the preview is not undone.
    const stockChanges = await previewedStockChanges(tx.db, id);
    const differsBesidesStock = (a: VariantFields, b: VariantFields) =>
      JSON.stringify({ ...a, stock: 0 }) !== JSON.stringify({ ...b, stock: 0 });
    const newVariants = plan.variants.filter((v) => v.id === null);
    const changedVariants = await filterInTurns(
      plan.variants,
      (v) => v.id !== null && (differsBesidesStock(v.before!, v.after) || stockChanges.has(v.sku)),
    );

    // The writing step's rows: products and options made or changed, stock moved, then a record of each for undo.
    const records = made.length + changedProducts.length + newVariants.length + changedVariants.length;
    progress?.phase("writing", 2 * records);
    let written = 0;
    const wrote = (rows: number) => progress?.done((written += rows));
    // The plan refused handles, SKUs and barcodes others have; one taken since (an editor saving
    // at this moment) meets a unique index (ADR 74): that line is refused, nothing is written.
    const raced = (error: unknown) => raceRefusal(error, plan) ?? error;
    const madeIds = await insertProducts(tx.db, made, wrote).catch((error: unknown) => {
      throw raced(error);
    });
    await updateProducts(tx.db, changedProducts, wrote);
    const productIds = new Map(plan.products.map((p) => [p.handle, p.id ?? madeIds.get(p.handle)!]));

    const newOptions = newVariants.map((v) => ({ productId: productIds.get(v.handle)!, fields: v.after }));
    const changedOptions = await mapInTurns(changedVariants, (v) => ({
      id: v.id!,
      productId: productIds.get(v.handle)!,
      before: v.before!,
      fields: v.after,
    }));
    let newIds: Map<string, number>;
    try {
      // Options whose stock alone changes are written by the stock move below.
      const updated = await filterInTurns(changedOptions, (v) => differsBesidesStock(v.before, v.fields));
      await updateVariants(tx.db, updated, wrote);
      wrote(changedOptions.length - updated.length);
      newIds = await insertVariants(tx.db, newOptions, wrote);
    } catch (error) {
      throw raced(error);
    }

    const stockAfter = await moveStocks(
      tx.db,
      [
        ...newOptions
          .filter((v) => v.fields.stock > 0)
          .map((v) => ({ variantId: newIds.get(v.fields.sku)!, setTo: v.fields.stock })),
        ...changedOptions
          .filter((v) => stockChanges.has(v.fields.sku))
          .map((v) => ({ variantId: v.id, change: stockChanges.get(v.fields.sku)! })),
      ],
      scope.actor.id,
      `Import #${id}`,
    );
    for (const v of changedOptions) v.fields = { ...v.fields, stock: stockAfter.get(v.id) ?? v.before.stock };
    // An editor's page of a product whose options changed is stale now.
    await touchProducts(tx.db, [...new Set(changedOptions.map((v) => v.productId))]);

    const kept = [
      ...made.map((fields) => ({ kind: "product" as const, recordId: madeIds.get(fields.slug)!, before: null, after: fields })),
      ...changedProducts.map((p) => ({ kind: "product" as const, recordId: p.id, before: p.before, after: p.fields })),
      ...newOptions.map((v) => ({
        kind: "variant" as const,
        recordId: newIds.get(v.fields.sku)!,
        before: null,
        after: v.fields,
      })),
      ...changedOptions.map((v) => ({ kind: "variant" as const, recordId: v.id, before: v.before, after: v.fields })),
    ];
    await inChunks(kept, async (chunk) => {
      await tx.db.insert(catalogueImportRecords).values(
        chunk.map((record) => ({
          importId: id,
          kind: record.kind,
          recordId: record.recordId,
          before: record.before as Record<string, unknown> | null,
          after: record.after as unknown as Record<string, unknown>,
        })),
      );
      wrote(chunk.length);
    });
    const counts: AppliedCounts = {
      newProducts: made.length,
      changedProducts: changedProducts.length,
      newOptions: newOptions.length,
      changedOptions: changedOptions.length,
    };
    // The file has done its work: its records keep what undo needs.
    await tx.db
      .update(catalogueImports)
      .set({
        status: "applied",
        appliedBy: scope.actor.id,
        appliedAt: sql`now()`,
        csv: "",
        phase: null,
        applied: { ...counts },
      })
      .where(eq(catalogueImports.id, id));
    await recordAudit(tx, {
      action: "catalogue.imported",
      entityType: "import",
      entityId: id,
      changes: Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, [0, value]])) as Record<
        string,
        [unknown, unknown]
      >,
    });
    return { counts };
  });
}

/** The stock changes the preview showed, by SKU: to minus from. */
async function previewedStockChanges(db: Db, id: number): Promise<Map<string, number>> {
  const lines = await db
    .select({ sku: catalogueImportLines.sku, detail: catalogueImportLines.detail })
    .from(catalogueImportLines)
    .where(and(eq(catalogueImportLines.importId, id), eq(catalogueImportLines.outcome, "change")));
  const changes = new Map<string, number>();
  for (const line of lines) {
    const stock = (line.detail as Change[]).find((change) => change.field === "Stock");
    if (stock) changes.set(line.sku, Number(stock.to) - Number(stock.from));
  }
  return changes;
}
