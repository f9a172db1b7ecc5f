import { eq } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import { AUDITED_FIELDS } from "./fields.ts";
import { archivedColumns } from "./rules.ts";
import { versionInput } from "./schemas.ts";
import { whenCurrent, type EditorDeps } from "./version.ts";

/*
 * Archiving (issue 25 §1, ADR 63): a product is never deleted, whether it has orders or not. An
 * archived product is off the shop (published false) and keeps its row, options and images, so
 * every order's lines and links stay as they were. Restoring makes it a draft again: the owner
 * publishes it when it is ready, as any draft.
 */

export async function archiveProduct(
  scope: StaffScope,
  deps: Pick<EditorDeps, "invalidate">,
  rawId: unknown,
  raw: unknown,
  now = new Date(),
) {
  const { version } = parseInput(versionInput, raw);
  return whenCurrent(scope, deps, rawId, version, async (tx, before) => {
    if (before.archivedAt) throw invalidInput("version", `${before.name} is archived already.`);
    const after = archivedColumns(now);
    await tx.db.update(products).set(after).where(eq(products.id, before.id));
    await recordAudit(tx, {
      action: "product.archived",
      entityType: "product",
      entityId: before.id,
      changes: diffFields(before, after, AUDITED_FIELDS),
    });
    return { id: before.id, archivedAt: now.toISOString() };
  });
}

export async function restoreProduct(scope: StaffScope, deps: Pick<EditorDeps, "invalidate">, rawId: unknown, raw: unknown) {
  const { version } = parseInput(versionInput, raw);
  return whenCurrent(scope, deps, rawId, version, async (tx, before) => {
    if (!before.archivedAt) throw invalidInput("version", `${before.name} is not archived.`);
    const after = { archivedAt: null, published: false, publishAt: null };
    await tx.db.update(products).set(after).where(eq(products.id, before.id));
    await recordAudit(tx, {
      action: "product.restored",
      entityType: "product",
      entityId: before.id,
      changes: diffFields(before, after, AUDITED_FIELDS),
    });
    return { id: before.id };
  });
}
