import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";

/*
 * The products and options an import reads and writes, as plain values (ADR 70): the same shape
 * is planned, written, kept in the import's records before and after, and compared by undo.
 * Times are ISO text; "now" stands for the moment the import is applied (an archiving).
 */

export interface ProductFields {
  slug: string;
  name: string;
  brandId: number;
  categoryId: number;
  subCategoryId: number | null;
  published: boolean;
  publishAt: string | null;
  archivedAt: string | null;
  membersOnly: boolean;
}

export interface VariantFields {
  sku: string;
  size: string;
  colour: string;
  colourHex: string;
  barcode: string | null;
  price: number;
  compareAtPrice: number | null;
  memberPrice: number | null;
  stock: number;
}

export interface ProductRecord extends ProductFields {
  id: number;
}

export interface VariantRecord extends VariantFields {
  id: number;
  productId: number;
  /** Its product's slug (the file's handle). */
  productSlug: string;
  archived: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const LOOKUP_BATCH = 5000;

/**
 * A list as one parameter, for `x in ${listOf(values)}`: many keys are one JSON text, not one
 * parameter each (a statement takes at most 65,535), and arrays need no driver's own encoding.
 */
export function listOf(values: readonly (string | number)[], type: "text" | "int" = "text"): SQL {
  const element = type === "int" ? sql`value::int` : sql`value`;
  return sql`(select ${element} from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** `read` over `keys` a batch at a time: one query may carry at most 65,535 parameters. */
export async function inBatches<T>(keys: string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += LOOKUP_BATCH)
    found.push(...(await read(keys.slice(start, start + LOOKUP_BATCH))));
  return found;
}

/**
 * The products of those slugs, as the import compares them. `lock`: locked for the change, in id
 * order, NO KEY UPDATE (as an UPDATE takes it): carts and orders that only point at them go on.
 */
export async function productsBySlug(db: Db, slugs: string[], lock = false): Promise<Map<string, ProductRecord>> {
  const rows = await inBatches(slugs, (batch) =>
    queryRows<{
      id: number;
      slug: string;
      name: string;
      brand_id: number;
      category_id: number;
      sub_category_id: number | null;
      published: boolean;
      publish_at: Date | string | null;
      archived_at: Date | string | null;
      members_only: boolean;
    }>(
      db,
      sql`select id, slug, name, brand_id, category_id, sub_category_id, published, publish_at, archived_at, members_only
          from products where slug in ${listOf(batch)} order by id ${lock ? sql`for no key update` : sql``}`,
    ),
  );
  return new Map(
    rows.map((row) => [
      row.slug,
      {
        id: row.id,
        slug: row.slug,
        name: row.name,
        brandId: row.brand_id,
        categoryId: row.category_id,
        subCategoryId: row.sub_category_id,
        published: row.published,
        publishAt: iso(row.publish_at),
        archivedAt: iso(row.archived_at),
        membersOnly: row.members_only,
      },
    ]),
  );
}

/** The options of those SKUs, as the import compares them. `lock`: for update, in id order. */
export async function variantsBySku(db: Db, skus: string[], lock = false): Promise<Map<string, VariantRecord>> {
  const rows = await inBatches(skus, (batch) =>
    queryRows<{
      id: number;
      product_id: number;
      sku: string;
      size: string;
      colour: string;
      colour_hex: string;
      barcode: string | null;
      price: number;
      compare_at_price: number | null;
      member_price: number | null;
      stock: number;
      archived: boolean;
      product_slug: string;
    }>(
      db,
      sql`select v.id, v.product_id, v.sku, v.size, v.colour, v.colour_hex, v.barcode, v.price, v.compare_at_price,
                 v.member_price, v.stock, v.archived_at is not null as archived, p.slug as product_slug
          from variants v join products p on p.id = v.product_id
          where v.sku in ${listOf(batch)} order by v.id ${lock ? sql`for no key update of v` : sql``}`,
    ),
  );
  return new Map(
    rows.map((row) => [
      row.sku,
      {
        id: row.id,
        productId: row.product_id,
        productSlug: row.product_slug,
        sku: row.sku,
        size: row.size,
        colour: row.colour,
        colourHex: row.colour_hex,
        barcode: row.barcode,
        price: Number(row.price),
        compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price),
        memberPrice: row.member_price === null ? null : Number(row.member_price),
        stock: Number(row.stock),
        archived: row.archived,
      },
    ]),
  );
}

export const PRODUCT_FIELDS = [
  "slug",
  "name",
  "brandId",
  "categoryId",
  "subCategoryId",
  "published",
  "publishAt",
  "archivedAt",
  "membersOnly",
] as const satisfies readonly (keyof ProductFields)[];

export const VARIANT_FIELDS = [
  "sku",
  "size",
  "colour",
  "colourHex",
  "barcode",
  "price",
  "compareAtPrice",
  "memberPrice",
  "stock",
] as const satisfies readonly (keyof VariantFields)[];

export function productFieldsOf(record: ProductFields): ProductFields {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, record[field]])) as unknown as ProductFields;
}

export function variantFieldsOf(record: VariantFields): VariantFields {
  return Object.fromEntries(VARIANT_FIELDS.map((field) => [field, record[field]])) as unknown as VariantFields;
}
