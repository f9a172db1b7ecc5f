import { eq, sql } from "drizzle-orm";
import { catalogueAttributes, type CatalogueAttribute } from "../../db/schema/index.ts";
import { invalidInput, parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { productsUsing } from "./attribute-usage.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { AddValueInput, MoveValueInput, ValueInput } from "./schemas.ts";
import { productCount } from "./shared.ts";

/*
 * The values a filter attribute offers, in their order: added at the end, moved one place, or
 * removed when no product uses them (else refused, saying how many do). A rename is its own use
 * case: it rewrites the products (attribute-value-rename.ts).
 */

type Tx = StaffScope["db"];

export async function setValues(db: Tx, row: CatalogueAttribute, values: string[]) {
  await db
    .update(catalogueAttributes)
    .set({ values, updatedAt: sql`now()` })
    .where(eq(catalogueAttributes.id, row.id));
}

export const noSuchValue = () => invalidInput("value", "This attribute has no such value.");

export async function addAttributeValue(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(AddValueInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    if (row.values.includes(input.value)) throw invalidInput("value", `${row.name} has that value already.`);
    await setValues(tx.db, row, [...row.values, input.value]);
    await audit(tx, {
      action: "attribute.value_added",
      entityType: "attribute",
      entityId: row.id,
      changes: { values: [row.values, [...row.values, input.value]] },
    });
  });
}

export async function removeAttributeValue(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(ValueInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    if (!row.values.includes(input.value)) throw noSuchValue();
    const count = await productsUsing(tx.db, row.key, input.value);
    if (count > 0) {
      throw new ShopError(
        "ENTRY_IN_USE",
        `${productCount(count)} ${count === 1 ? "uses" : "use"} “${input.value}”, so it cannot be removed: rename it, or change those products first.`,
        { details: { products: count } },
      );
    }
    const values = row.values.filter((value) => value !== input.value);
    await setValues(tx.db, row, values);
    await audit(tx, {
      action: "attribute.value_removed",
      entityType: "attribute",
      entityId: row.id,
      changes: { values: [row.values, values] },
    });
  });
}

export async function moveAttributeValue(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<void> {
  const input = parseInput(MoveValueInput, raw);
  await inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const at = row.values.indexOf(input.value);
    if (at < 0) throw noSuchValue();
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= row.values.length) return;
    const values = [...row.values];
    [values[at], values[to]] = [values[to]!, values[at]!];
    await setValues(tx.db, row, values);
    await audit(tx, {
      action: "attribute.value_moved",
      entityType: "attribute",
      entityId: row.id,
      changes: { values: [row.values, values] },
    });
  });
}
