import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { renameAttributeValueIn } from "../../lib/attribute-values.ts";
import { holdsAttributeValueSql } from "../../lib/attribute-values-sql.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { noSuchValue, setValues } from "./attribute-values.ts";
import { audit, inChange, type StructureDeps } from "./change.ts";
import { lockAttribute } from "./records.ts";
import { RenameValueInput } from "./schemas.ts";

/** Products rewritten per statement (two parameters each, far below PostgreSQL's 65,535). */
const BATCH = 5000;

/**
 * Renames one value of a filter attribute, and every product that has it, in one transaction: the
 * shop's filters and product pages show the new name at once. Renamed to a value the attribute
 * has already, the two become one (the old one leaves the list). A product holding several values
 * ("Grip, Wet") has the value renamed inside its text (ADR 74), the others kept, in the
 * attribute's order.
 */
export async function renameAttributeValue(scope: StaffScope, deps: StructureDeps, raw: unknown): Promise<{ products: number }> {
  const input = parseInput(RenameValueInput, raw);
  return inChange(scope, deps, async (tx) => {
    const row = await lockAttribute(tx.db, input.id, input.version);
    const at = row.values.indexOf(input.value);
    if (at < 0) throw noSuchValue();
    if (input.to === input.value) return { products: 0 };
    const values = row.values.includes(input.to)
      ? row.values.filter((value) => value !== input.value)
      : row.values.map((value) => (value === input.value ? input.to : value));
    const rewritten = await rewriteProducts(tx.db, row.key, input.value, input.to, values);
    await setValues(tx.db, row, values);
    await audit(tx, {
      action: "attribute.value_renamed",
      entityType: "attribute",
      entityId: row.id,
      changes: { value: [input.value, input.to], values: [row.values, values], products: [null, rewritten] },
    });
    return { products: rewritten };
  });
}

/** Rewrites the text of `key` on every product holding `from`, locked first; answers how many. */
async function rewriteProducts(db: Db, key: string, from: string, to: string, order: string[]): Promise<number> {
  const holding = await db
    .select({ id: products.id, text: sql<string>`${products.attributes} ->> ${key}::text` })
    .from(products)
    .where(holdsAttributeValueSql(key, from))
    .orderBy(products.id)
    .for("update");
  for (let start = 0; start < holding.length; start += BATCH) {
    const rows = holding
      .slice(start, start + BATCH)
      .map((product) => sql`(${product.id}::int, ${renameAttributeValueIn(product.text, from, to, order)}::text)`);
    await db.execute(sql`
      update ${products}
         set attributes = jsonb_set(${products.attributes}, array[${key}::text], to_jsonb(r.text)), updated_at = now()
        from (values ${sql.join(rows, sql`, `)}) as r(id, text)
       where ${products.id} = r.id`);
  }
  return holding.length;
}
