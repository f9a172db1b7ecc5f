import { asc, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { stockGridInput, type StockGridParams } from "./schemas.ts";
import { ALIASED_OPTION, lowMarkOf, optionIn } from "./low-stock.ts";
import { STOCK_PAGE_SIZE, stockState, type StockState } from "./shared.ts";

/** A row of the stock grid: one option of a product. */
export interface StockRow {
  variantId: number;
  productId: number;
  product: string;
  size: string;
  colour: string;
  sku: string;
  stock: number;
  /** Its own low-stock threshold; null: the shop's (`shopLowAt`). */
  threshold: number | null;
  /** At this many or fewer it is low. */
  lowAt: number;
  state: StockState;
}

export interface StockGrid {
  rows: StockRow[];
  /** Options matching the filters, on every page. */
  total: number;
  page: number;
  pages: number;
  params: StockGridParams;
  /** Categories, each followed by its sub-categories (named "Category › Sub"). */
  categories: { id: number; name: string }[];
  /** The product `?product=` names; null when none is named (or it has no such product). */
  product: { id: number; name: string } | null;
  /** The shop's low-stock setting: the mark of the options without one of their own. */
  shopLowAt: number;
}

/** A URL's search params (or an object) as the schema reads them: a repeated key is a list. */
function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw instanceof URLSearchParams) {
    const params: Record<string, unknown> = {};
    for (const key of new Set(raw.keys())) {
      const values = raw.getAll(key);
      params[key] = values.length === 1 ? values[0] : values;
    }
    return params;
  }
  return raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
function gridWhere(params: StockGridParams, shopLowAt: number): SQL {
  // An archived option is off the shop, kept for its orders: it has no stock to keep.
  const conditions: SQL[] = [sql`v.archived_at is null`];
  if (params.q) {
    const text = likeLiteral(params.q);
    conditions.push(sql`(p.name ilike ${`%${text}%`} or v.sku ilike ${`${text}%`})`);
  }
  if (params.category !== undefined) {
    conditions.push(sql`(p.category_id = ${params.category} or p.sub_category_id = ${params.category})`);
  }
  if (params.product !== undefined) conditions.push(sql`v.product_id = ${params.product}`);
  if (params.stock !== undefined) conditions.push(optionIn(ALIASED_OPTION, params.stock, shopLowAt));
  return sql.join(conditions, sql` and `);
}

async function categoryChoices(scope: Scope): Promise<{ id: number; name: string }[]> {
  const rows = await scope.db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  return rows
    .filter((c) => c.parentId === null)
    .flatMap((top) => [
      { id: top.id, name: top.name },
      ...rows.filter((c) => c.parentId === top.id).map((sub) => ({ id: sub.id, name: `${top.name} › ${sub.name}` })),
    ]);
}

/**
 * The stock grid (issue 25 §2): every option of every product, published or not, with its stock
 * and low mark; searched by title or SKU, filtered by category, product and stock state; 50 a
 * page, in the products' title order and each product's options in their order.
 */
export async function stockGrid(scope: Scope, raw: unknown, shopLowAt: number): Promise<StockGrid> {
  const params = parseInput(stockGridInput, paramsOf(raw));
  const where = gridWhere(params, shopLowAt);
  type Row = Omit<StockRow, "lowAt" | "state"> & { lowAt: number; total: number };
  const [found, choices, named] = await Promise.all([
    queryRows<Row>(
      scope.db,
      sql`select v.id as "variantId", v.product_id as "productId", p.name as product, v.size, v.colour, v.sku, v.stock,
            v.low_stock_threshold as threshold, ${lowMarkOf(ALIASED_OPTION, shopLowAt)} as "lowAt", count(*) over ()::int as total
          from variants v join products p on p.id = v.product_id
          where ${where}
          order by lower(p.name), p.id, v.position, v.id
          limit ${STOCK_PAGE_SIZE} offset ${(params.page - 1) * STOCK_PAGE_SIZE}`,
    ),
    categoryChoices(scope),
    params.product === undefined
      ? Promise.resolve([])
      : queryRows<{ id: number; name: string }>(scope.db, sql`select id, name from products where id = ${params.product}`),
  ]);
  // Past the last page there is no row to carry the count.
  const total =
    found.length > 0
      ? Number(found[0]!.total)
      : Number(
          (
            await queryRows<{ n: number }>(
              scope.db,
              sql`select count(*)::int as n from variants v join products p on p.id = v.product_id where ${where}`,
            )
          )[0]?.n ?? 0,
        );
  return {
    rows: found.map(({ total: _, ...row }) => ({
      ...row,
      stock: Number(row.stock),
      lowAt: Number(row.lowAt),
      state: stockState(Number(row.stock), Number(row.lowAt)),
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
    params,
    categories: choices,
    product: named[0] ?? null,
    shopLowAt,
  };
}
