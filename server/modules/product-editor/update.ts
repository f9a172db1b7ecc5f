import { eq } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import { AUDITED_FIELDS, columnsOf } from "./fields.ts";
import { activeOptions, matrixRows, saveRows } from "./options.ts";
import { schemasFor } from "./schemas-for.ts";
import { categorySlugOf, chosenSlug, keepOldAddress, takeAddress } from "./slugs.ts";
import { whenCurrent, type EditorDeps } from "./version.ts";

/**
 * A change to a product (issue 25 §1, ADR 63), made only while it is at the version the form
 * read: its fields (`product`, all of them; absent: unchanged), its options (`variants`: rows
 * with an id change that option, rows without are new; options not listed stay as they are), and
 * options to add as a matrix (`options`). An empty slug is made from the title again; a new slug
 * keeps the old address answering (slug_redirects). Audited as product.updated with the fields
 * that changed, in the same transaction.
 */
export async function updateProduct(
  scope: StaffScope,
  deps: EditorDeps,
  rawId: unknown,
  raw: unknown,
  now = new Date(),
): Promise<{ id: number; slug: string; changed: string[] }> {
  const input = parseInput(schemasFor(deps.currency).updateInput, raw);
  return whenCurrent(scope, deps, rawId, input.version, async (tx, before) => {
    let changes: Record<string, [unknown, unknown]> = {};
    let slug = before.slug;
    if (input.product) {
      const columns = await columnsOf(tx.db, input.product, before, now);
      slug = await chosenSlug(tx.db, input.product.slug, input.product.name, before.id);
      if (slug !== before.slug) {
        await keepOldAddress(tx.db, before.id, await categorySlugOf(tx.db, before.categoryId), before.slug);
        await takeAddress(tx.db, slug);
      }
      const after = { ...columns, slug };
      await tx.db.update(products).set(after).where(eq(products.id, before.id));
      changes = diffFields(before, after, AUDITED_FIELDS);
    }
    if (input.variants) Object.assign(changes, await saveRows(tx.db, before.id, input.variants, deps.currency));
    if (input.options) {
      const made = await matrixRows(tx.db, input.options, slug, await activeOptions(tx.db, before.id));
      if (made.length === 0) throw invalidInput("options.sizes", "Every size in every colour is an option already.");
      Object.assign(changes, await saveRows(tx.db, before.id, made, deps.currency));
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { action: "product.updated", entityType: "product", entityId: before.id, changes });
    }
    return { id: before.id, slug, changed: Object.keys(changes) };
  });
}
