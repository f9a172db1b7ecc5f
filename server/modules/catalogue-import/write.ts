import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { moveStock, type StockMove } from "../stock/index.ts";
import { listOf } from "./records.ts";
import type { ProductFields, VariantFields } from "./records.ts";

/*
 * The import's writes, many rows per statement (ADR 70): 20,000 products and 100,000 options are
 * a few hundred statements, not a hundred thousand round trips. Each statement writes at most
 * WRITE_BATCH rows (PostgreSQL takes at most 65,535 parameters in one): its SQL is built in one
 * go, so the batch is kept small enough (some milliseconds) for the shop's requests beside it.
 */

export const WRITE_BATCH = 500;

/** Writes `rows` WRITE_BATCH at a time; `wrote` hears each batch's size (a job's progress). */
export async function inChunks<T>(
  rows: T[],
  write: (chunk: T[]) => Promise<void>,
  wrote?: (rows: number) => void,
): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_BATCH) {
    const chunk = rows.slice(start, start + WRITE_BATCH);
    await write(chunk);
    wrote?.(chunk.length);
  }
}

type Wrote = ((rows: number) => void) | undefined;

const time = (value: string | null) => (value === null ? sql`null::timestamptz` : sql`${value}::timestamptz`);

function productValues(p: ProductFields): SQL {
  return sql`${p.slug}::text, ${p.name}::text, ${p.brandId}::int, ${p.categoryId}::int, ${p.subCategoryId}::int,
    ${p.published}::boolean, ${time(p.publishAt)}, ${time(p.archivedAt)}, ${p.membersOnly}::boolean`;
}

/** Makes the products; answers their ids by slug. */
export async function insertProducts(db: Db, rows: ProductFields[], wrote?: Wrote): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await inChunks(
    rows,
    async (chunk) => {
      const made = await queryRows<{ id: number; slug: string }>(
        db,
        sql`insert into products (slug, name, brand_id, category_id, sub_category_id, published, publish_at, archived_at, members_only)
          values ${sql.join(
            chunk.map((fields) => sql`(${productValues(fields)})`),
            sql`, `,
          )} returning id, slug`,
      );
      for (const row of made) ids.set(row.slug, row.id);
    },
    wrote,
  );
  return ids;
}

/** Sets the products' importable columns (and moves their version, updated_at). */
export async function updateProducts(db: Db, rows: { id: number; fields: ProductFields }[], wrote?: Wrote): Promise<void> {
  await inChunks(
    rows,
    async (chunk) => {
      await db.execute(sql`update products p set slug = v.slug, name = v.name, brand_id = v.brand_id, category_id = v.category_id,
        sub_category_id = v.sub_category_id, published = v.published, publish_at = v.publish_at, archived_at = v.archived_at,
        members_only = v.members_only, updated_at = now()
      from (values ${sql.join(
        chunk.map(({ id, fields }) => sql`(${id}::int, ${productValues(fields)})`),
        sql`, `,
      )}) as v(id, slug, name, brand_id, category_id, sub_category_id, published, publish_at, archived_at, members_only)
      where p.id = v.id`);
    },
    wrote,
  );
}

function variantValues(v: VariantFields): SQL {
  return sql`${v.sku}::text, ${v.size}::text, ${v.colour}::text, ${v.colourHex}::text, ${v.barcode}::text, ${v.price}::int,
    ${v.compareAtPrice}::int, ${v.memberPrice}::int, ${v.stock}::int`;
}

/** Makes the options, each after its product's last, with no stock yet (moveStocks gives it); answers their ids by SKU. */
export async function insertVariants(
  db: Db,
  rows: { productId: number; fields: VariantFields }[],
  wrote?: Wrote,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await inChunks(
    rows,
    async (chunk) => {
      const made = await queryRows<{ id: number; sku: string }>(
        db,
        sql`insert into variants (product_id, sku, size, colour, colour_hex, barcode, price, compare_at_price, member_price, stock, position)
          select r.product_id, r.sku, r.size, r.colour, r.colour_hex, r.barcode, r.price, r.compare_at_price, r.member_price,
            0, coalesce((select max(position) from variants o where o.product_id = r.product_id), -1)
              + row_number() over (partition by r.product_id order by r.ord)
          from (values ${sql.join(
            chunk.map(({ productId, fields }, index) => sql`(${index}::int, ${productId}::int, ${variantValues(fields)})`),
            sql`, `,
          )}) as r(ord, product_id, sku, size, colour, colour_hex, barcode, price, compare_at_price, member_price, stock)
          returning id, sku`,
      );
      for (const row of made) ids.set(row.sku, row.id);
    },
    wrote,
  );
  return ids;
}

/** Sets the options' importable columns but stock (which moves through the stock module, a movement each). */
export async function updateVariants(db: Db, rows: { id: number; fields: VariantFields }[], wrote?: Wrote): Promise<void> {
  await inChunks(
    rows,
    async (chunk) => {
      await db.execute(sql`update variants t set sku = r.sku, size = r.size, colour = r.colour, colour_hex = r.colour_hex,
        barcode = r.barcode, price = r.price, compare_at_price = r.compare_at_price, member_price = r.member_price
      from (values ${sql.join(
        chunk.map(({ id, fields }) => sql`(${id}::int, ${variantValues(fields)})`),
        sql`, `,
      )}) as r(id, sku, size, colour, colour_hex, barcode, price, compare_at_price, member_price, stock)
      where t.id = r.id`);
    },
    wrote,
  );
}

/**
 * Moves options' stock through the stock module (ADR 66): a movement each with reason "import", and
 * an option back from sold out wakes the back-in-stock mails once the transaction commits. Answers
 * the stock after, by option, of those that moved.
 */
export async function moveStocks(db: Db, moves: StockMove[], actorId: number, note: string): Promise<Map<number, number>> {
  const after = new Map<number, number>();
  await inChunks(moves, async (chunk) => {
    const moved = await moveStock(db, chunk, { reason: "import", actorUserId: actorId, note });
    for (const option of moved) after.set(option.variantId, option.after);
  });
  return after;
}

/** Moves the version (updated_at) of products whose options the import changed: an editor's page read before is stale. */
export async function touchProducts(db: Db, ids: number[]): Promise<void> {
  await inChunks(ids, async (chunk) => {
    await db.execute(sql`update products set updated_at = now() where id in ${listOf(chunk, "int")}`);
  });
}
