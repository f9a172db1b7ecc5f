import { products } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { AUDITED_FIELDS, columnsOf } from "./fields.ts";
import { matrixRows, saveRows } from "./options.ts";
import { schemasFor } from "./schemas-for.ts";
import { chosenSlug, takeAddress } from "./slugs.ts";
import type { EditorDeps } from "./version.ts";

/**
 * A new product (issue 25 §1, ADR 63): its fields, the options typed row by row and those made
 * as a matrix, each with no stock; audited as product.created, in one transaction. Its slug, left
 * empty, is made from the title.
 */
export async function createProduct(
  scope: StaffScope,
  deps: EditorDeps,
  raw: unknown,
  now = new Date(),
): Promise<{ id: number; slug: string }> {
  const input = parseInput(schemasFor(deps.currency).createInput, raw);
  return withTransaction(scope, async (tx) => {
    const columns = await columnsOf(tx.db, input.product, null, now);
    const slug = await chosenSlug(tx.db, input.product.slug, input.product.name, null);
    const [created] = await tx.db
      .insert(products)
      .values({ ...columns, slug })
      .returning();
    const product = created!;
    await takeAddress(tx.db, slug);
    const made = input.options ? await matrixRows(tx.db, input.options, slug, input.variants) : [];
    const optionChanges = await saveRows(tx.db, product.id, [...input.variants, ...made], deps.currency);
    const changes: Record<string, [unknown, unknown]> = {};
    for (const field of AUDITED_FIELDS) changes[field] = [null, product[field]];
    await recordAudit(tx, {
      action: "product.created",
      entityType: "product",
      entityId: product.id,
      changes: { ...changes, ...optionChanges },
    });
    afterCommit(tx, deps.invalidate);
    return { id: product.id, slug };
  });
}
