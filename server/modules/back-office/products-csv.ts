import { sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { queryRows } from "../../db/client.ts";
import { decimalAmount } from "../../lib/money.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { storedImageSource } from "../media/index.ts";
import { guardCell } from "./orders-csv.ts";
import { productsFilter } from "./products-list.ts";
import { paramsOf, productsListInput } from "./schemas.ts";

/*
 * The catalogue as a spreadsheet (issue 25 §3, ADR 63): one row per option, its product's fields
 * repeated on each, so a row can be read, sorted and filtered alone. The products the list's
 * filters name (or all), read in batches of products by id (keyset) and handed out as text chunks
 * as they are read. The columns are the ones the import reads back.
 */

export const PRODUCTS_CSV_BATCH = 500;

export const PRODUCTS_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Brand",
  "Category",
  "Sub-category",
  "Status",
  "Publish at (UTC)",
  "Members only",
  "Size",
  "Colour",
  "Colour hex",
  "SKU",
  "Barcode",
  "Price",
  "Was price",
  "Member price",
  "Stock",
  "Image addresses",
] as const;

interface Row {
  id: number;
  slug: string;
  name: string;
  brand: string;
  category: string;
  sub_category: string | null;
  status: string;
  publish_at: Date | string | null;
  members_only: boolean;
  size: string | null;
  colour: string | null;
  colour_hex: string | null;
  sku: string | null;
  barcode: string | null;
  price: number | null;
  compare_at_price: number | null;
  member_price: number | null;
  stock: number | null;
  images: string[] | null;
}

const imageAddress = (path: string, publicUrl: string | undefined) =>
  publicUrl ? new URL(storedImageSource(path), publicUrl).href : storedImageSource(path);

const money = (minor: number | null, currency: string) => (minor === null ? "" : decimalAmount(Number(minor), currency));

/**
 * The filtered products and their options (archived options are left out: they are off the shop
 * and kept only for old orders) as CSV text chunks: a byte order mark and the header first.
 * Image addresses are absolute
 * (relative when the shop's address is not known), one space between them. Bad params are INVALID_INPUT before the
 * first chunk. `publicUrl`: the shop's own address; `currency`: its money.
 */
export function productsCsv(
  scope: Scope,
  raw: unknown,
  shop: { publicUrl?: string; currency: string; lowStockAt: () => Promise<number> },
  now: Date = new Date(),
  batch: number = PRODUCTS_CSV_BATCH,
): AsyncIterable<string> {
  const params = parseInput(productsListInput, paramsOf(raw));
  const at = now.toISOString();
  return {
    async *[Symbol.asyncIterator]() {
      const filter = productsFilter(params, now, await shop.lowStockAt());
      // The BOM tells spreadsheet programs the text is UTF-8 (names with accents).
      yield stringify([PRODUCTS_CSV_COLUMNS as unknown as string[]], { bom: true });
      let after = 0;
      for (;;) {
        // A batch of products first (the filters are over products), then their options in order.
        const rows = await queryRows<Row>(
          scope.db,
          sql`with page as (
                select p.id from products p
                where ${filter.condition} and p.id > ${after}
                order by p.id limit ${batch}
              )
              select p.id, p.slug, p.name, b.name as brand, c.name as category, s.name as sub_category,
                case when p.archived_at is not null then 'archived'
                     when not p.published then 'draft'
                     when p.publish_at > ${at}::timestamptz then 'scheduled'
                     else 'published' end as status,
                p.publish_at, p.members_only,
                v.size, v.colour, v.colour_hex, v.sku, v.barcode, v.price, v.compare_at_price, v.member_price, v.stock,
                (select array_agg(i.path order by i.position, i.id) from product_images i where i.product_id = p.id) as images
              from page
              join products p on p.id = page.id
              join brands b on b.id = p.brand_id
              join categories c on c.id = p.category_id
              left join categories s on s.id = p.sub_category_id
              left join variants v on v.product_id = p.id and v.archived_at is null
              order by p.id, v.position, v.id`,
        );
        if (rows.length === 0) return;
        after = rows.at(-1)!.id;
        const lines = rows.map((row) =>
          [
            row.slug,
            row.name,
            row.brand,
            row.category,
            row.sub_category ?? "",
            row.status,
            row.publish_at === null ? "" : new Date(row.publish_at).toISOString().replace("T", " ").slice(0, 16),
            row.members_only ? "yes" : "no",
            row.size ?? "",
            row.colour ?? "",
            row.colour_hex ?? "",
            row.sku ?? "",
            row.barcode ?? "",
            money(row.price, shop.currency),
            money(row.compare_at_price, shop.currency),
            money(row.member_price, shop.currency),
            row.stock === null ? "" : String(row.stock),
            (row.images ?? []).map((path) => imageAddress(path, shop.publicUrl)).join(" "),
          ].map(guardCell),
        );
        yield stringify(lines);
        if (new Set(rows.map((row) => row.id)).size < batch) return;
      }
    },
  };
}
