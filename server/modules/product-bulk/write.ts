import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { nextVersion } from "../product-editor/index.ts";
import type { OptionWrite, ProductWrite } from "./plan.ts";
import { inIds } from "./read.ts";

/*
 * A bulk edit's writes (ADR 71): many rows a statement, the rows as one JSON parameter
 * (jsonb_to_recordset), so 10,000 products and their 50,000 options are some sixty statements
 * whatever PostgreSQL's limit on parameters.
 */

/** Rows a statement. */
export const WRITE_BATCH = 1000;

async function inBatches<T>(
  rows: readonly T[],
  write: (batch: readonly T[]) => Promise<void>,
  size = WRITE_BATCH,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

export async function writeOptions(db: Db, rows: readonly OptionWrite[], size?: number): Promise<void> {
  await inBatches(
    rows,
    async (batch) => {
      const json = JSON.stringify(batch.map((row) => ({ id: row.id, price: row.price, compare_at_price: row.compareAtPrice })));
      await db.execute(sql`update variants v set price = r.price, compare_at_price = r.compare_at_price
        from jsonb_to_recordset(${json}::jsonb) as r(id int, price int, compare_at_price int)
        where v.id = r.id`);
    },
    size,
  );
}

export async function writeProducts(db: Db, rows: readonly ProductWrite[], now: Date, size?: number): Promise<void> {
  await inBatches(
    rows,
    async (batch) => {
      const json = JSON.stringify(
        batch.map((row) => ({
          id: row.id,
          published: row.published,
          publish_at: row.publishAt,
          archived_at: row.archivedAt === "now" ? now.toISOString() : row.archivedAt,
          category_id: row.categoryId,
          sub_category_id: row.subCategoryId,
          members_only: row.membersOnly,
          public_at: row.publicAt,
        })),
      );
      await db.execute(sql`update products p set published = r.published, publish_at = r.publish_at, archived_at = r.archived_at,
          category_id = r.category_id, sub_category_id = r.sub_category_id, members_only = r.members_only, public_at = r.public_at
        from jsonb_to_recordset(${json}::jsonb) as r(id int, published boolean, publish_at timestamptz, archived_at timestamptz,
          category_id int, sub_category_id int, members_only boolean, public_at timestamptz)
        where p.id = r.id`);
    },
    size,
  );
}

/** Moves the version of every product changed (its own fields or an option's): a page read before is stale now. */
export async function touchProducts(db: Db, ids: readonly number[], size?: number): Promise<void> {
  await inBatches(
    ids,
    async (batch) => {
      await db.execute(sql`update products set updated_at = ${nextVersion} where ${inIds(sql`id`, batch)}`);
    },
    size,
  );
}
