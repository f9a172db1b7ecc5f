import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { stockHistoryInput } from "./schemas.ts";
import { STOCK_PAGE_SIZE, type StockReason } from "./shared.ts";

/** One movement of a product's stock, as its history shows it. */
export interface MovementRow {
  id: number;
  /** ISO time, UTC. */
  at: string;
  variantId: number;
  size: string;
  colour: string;
  sku: string;
  change: number;
  stockAfter: number;
  reason: StockReason;
  /** The staff member's name (or address when they gave no name); null: the shop itself. */
  by: string | null;
  /** The order that moved it, by its number; null: none (or it is gone). */
  orderNumber: string | null;
  note: string;
}

export interface StockHistory {
  product: { id: number; name: string };
  /** Its options as they are now. */
  options: { variantId: number; size: string; colour: string; sku: string; stock: number }[];
  rows: MovementRow[];
  total: number;
  page: number;
  pages: number;
}

const productNotFound = () => new ShopError("PRODUCT_NOT_FOUND", "Product not found.");

/** A product's stock movements, newest first, 50 a page, with its options' stock now. */
export async function stockHistory(scope: Scope, raw: { productId: unknown; page?: unknown }): Promise<StockHistory> {
  const parsed = stockHistoryInput.safeParse({ productId: raw.productId });
  if (!parsed.success) throw productNotFound();
  const { productId, page } = parseInput(stockHistoryInput, { productId: parsed.data.productId, page: raw.page });
  const [product] = await queryRows<{ id: number; name: string }>(
    scope.db,
    sql`select id, name from products where id = ${productId}`,
  );
  if (!product) throw productNotFound();
  const [options, rows, counted] = await Promise.all([
    queryRows<StockHistory["options"][number]>(
      scope.db,
      sql`select id as "variantId", size, colour, sku, stock from variants
          where product_id = ${productId} and archived_at is null order by position, id`,
    ),
    queryRows<Omit<MovementRow, "at"> & { at: Date | string }>(
      scope.db,
      sql`select m.id, m.created_at as at, m.variant_id as "variantId", v.size, v.colour, v.sku, m.change,
            m.stock_after as "stockAfter", m.reason, m.note, o.number as "orderNumber",
            case when m.actor_user_id is null then null
                 else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) end as by
          from stock_movements m
          join variants v on v.id = m.variant_id
          left join users u on u.id = m.actor_user_id
          left join orders o on o.id = m.order_id
          where m.product_id = ${productId}
          order by m.id desc
          limit ${STOCK_PAGE_SIZE} offset ${(page - 1) * STOCK_PAGE_SIZE}`,
    ),
    queryRows<{ n: number }>(scope.db, sql`select count(*)::int as n from stock_movements where product_id = ${productId}`),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    product,
    options: options.map((o) => ({ ...o, stock: Number(o.stock) })),
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      change: Number(row.change),
      stockAfter: Number(row.stockAfter),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
  };
}
