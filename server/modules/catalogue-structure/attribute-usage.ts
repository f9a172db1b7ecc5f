import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";

/** How many products use an attribute (any value), or one value of it. */
export async function productsUsing(db: Db, key: string, value?: string): Promise<number> {
  const holds =
    value === undefined
      ? sql`(${products.attributes} ->> ${key}) is not null`
      : sql`${products.attributes} ->> ${key} = ${value}`;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(holds);
  return row?.count ?? 0;
}

/** Each value's product count, for the attribute's page. */
export async function valueUsage(db: Db, key: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ value: sql<string>`${products.attributes} ->> ${key}`, count: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`(${products.attributes} ->> ${key}) is not null`)
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.value, row.count]));
}
