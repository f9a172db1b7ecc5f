import { sql } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { noSuchValue, setValues } from "./attribute-values.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { RenameValueInput } from "./schemas.ts";

/**
 * Renames one value of a filter attribute, and every product that has it, in one transaction: the
 * shop's filters and product pages show the new name at once. Renamed to a value the attribute
 * has already, the two become one (the old one leaves the list).
 */
export async function renameAttributeValue(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ products: number }> {
  const input = parseInput(RenameValueInput, raw);
  return inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const at = row.values.indexOf(input.value);
    if (at < 0) throw noSuchValue();
    if (input.to === input.value) return { products: 0 };
    const rewritten = await tx.db
      .update(products)
      .set({
        attributes: sql`jsonb_set(${products.attributes}, array[${row.key}]::text[], to_jsonb(${input.to}::text))`,
        updatedAt: sql`now()`,
      })
      .where(sql`${products.attributes} ->> ${row.key} = ${input.value}`)
      .returning({ id: products.id });
    const values = row.values.includes(input.to)
      ? row.values.filter((value) => value !== input.value)
      : row.values.map((value) => (value === input.value ? input.to : value));
    await setValues(tx.db, row, values);
    await audit(tx, {
      action: "attribute.value_renamed",
      entityType: "attribute",
      entityId: row.id,
      changes: { value: [input.value, input.to], values: [row.values, values], products: [null, rewritten.length] },
    });
    return { products: rewritten.length };
  });
}
