import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { attributeValuesOf, holdsAttributeValueSql } from "../../lib/attribute-values-sql.ts";

/*
 * Who uses an attribute. A product's text may hold several values ("Grip, Wet", ADR 74): a value is
 * used by every product whose text holds it, alone or beside others.
 */

/** How many products use an attribute (any value), or one value of it. */
export async function productsUsing(db: Db, key: string, value?: string): Promise<number> {
  const holds = value === undefined ? sql`(${products.attributes} ->> ${key}) is not null` : holdsAttributeValueSql(key, value);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(holds);
  return row?.count ?? 0;
}

/** Each value's product count, for the attribute's page. */
export async function valueUsage(db: Db, key: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ value: sql<string>`v.value`, count: sql<number>`count(distinct ${products.id})::int` })
    .from(sql`${products} cross join lateral unnest(${attributeValuesOf(key)}) as v(value)`)
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.value, row.count]));
}
