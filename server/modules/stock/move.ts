import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { stockMovements, variants } from "../../db/schema/index.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { StockReason } from "./shared.ts";

/*
 * Every change of an option's stock goes through this file (ADR 66), and writes its movement in
 * the transaction that makes it, so an option's history always adds up to its stock. Once the
 * transaction commits, each option's new stock is told ("stock-changed"), and one that was sold
 * out and is available again is told as "stock-back": the back-in-stock sweep (ADR 47) hears it
 * in every process and mails whoever waits for it.
 */

/** One option's change: by `change` (signed), or to `setTo`. */
export type StockMove = {
  variantId: number;
  /**
   * The stock the caller read it at (a form's version): when it holds another number now, the
   * whole call is refused (STALE_VERSION) and nothing moves.
   */
  expected?: number;
} & ({ change: number; setTo?: never } | { setTo: number; change?: never });

/** Why the stock moved, and who moved it. */
export interface MoveReason {
  reason: StockReason;
  /** The staff member; null or absent: the shop itself (an order, a cancel, an expiry). */
  actorUserId?: number | null;
  /** The order that moved it ("order", "cancel"). */
  orderId?: number | null;
  note?: string;
}

export interface Moved {
  variantId: number;
  productId: number;
  sku: string;
  before: number;
  after: number;
}

/** An option whose stock moved since the caller read it. */
export interface StaleStock {
  variantId: number;
  sku: string;
  /** What the caller read, and what it holds now. */
  expected: number;
  stock: number;
}

const tell = (db: Db, moved: Moved) => {
  publishAfterCommit(db, "stock-changed", moved.productId, { variantId: moved.variantId, stock: moved.after });
  if (moved.before <= 0 && moved.after > 0) publishAfterCommit(db, "stock-back", { variantId: moved.variantId });
};

/**
 * Moves the stock of several options at once, inside the caller's transaction, and writes a
 * movement for each that changed. Two statements, whatever the number of options: the options
 * are locked in id order (as placing an order takes them, so writers never deadlock) and checked
 * (every `expected` still holds, no stock below 0), then their stock and their movements are
 * written in one. An option that does not change writes nothing. Answers the options that moved.
 *
 * Refuses, moving nothing: VARIANT_NOT_FOUND for an unknown option (unless `skipMissing`: an
 * order's option deleted since moves nothing), STALE_VERSION (details.stale:
 * StaleStock[]) when any option moved since it was read, NOT_ENOUGH_STOCK below 0.
 */
export async function moveStock(
  db: Db,
  requested: readonly StockMove[],
  why: MoveReason,
  options: { skipMissing?: boolean } = {},
): Promise<Moved[]> {
  if (requested.length === 0) return [];
  const ids = requested.map((move) => move.variantId);
  if (new Set(ids).size !== ids.length) throw new ShopError("INVALID_INPUT", "Each option may be moved once per change.");
  const rows = await queryRows<{ id: number; productId: number; sku: string; stock: number }>(
    db,
    sql`select id, product_id as "productId", sku, stock from ${variants}
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  const moves = options.skipMissing ? requested.filter((move) => byId.has(move.variantId)) : requested;
  if (missing !== undefined && !options.skipMissing) throw new ShopError("VARIANT_NOT_FOUND", `There is no option ${missing}.`);
  const stale: StaleStock[] = moves.flatMap((move) => {
    const row = byId.get(move.variantId)!;
    return move.expected !== undefined && move.expected !== row.stock
      ? [{ variantId: row.id, sku: row.sku, expected: move.expected, stock: row.stock }]
      : [];
  });
  if (stale.length > 0) {
    throw new ShopError("STALE_VERSION", `The stock of ${stale.map((s) => s.sku).join(", ")} changed since it was read.`, {
      details: { stale },
    });
  }
  const moved: Moved[] = [];
  for (const move of moves) {
    const row = byId.get(move.variantId)!;
    const after = move.setTo ?? row.stock + move.change!;
    if (!Number.isSafeInteger(after) || after < 0) {
      throw new ShopError("NOT_ENOUGH_STOCK", `${row.sku} holds ${row.stock}: its stock cannot go below 0.`);
    }
    if (after !== row.stock) moved.push({ variantId: row.id, productId: row.productId, sku: row.sku, before: row.stock, after });
  }
  if (moved.length === 0) return [];
  moved.sort((a, b) => a.variantId - b.variantId);
  const values = sql.join(
    moved.map((m) => sql`(${m.variantId}::int, ${m.after}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`with moved as (
          update ${variants} set stock = m.after from (values ${values}) as m(id, after)
          where ${variants.id} = m.id returning ${variants.id}
        )
        ${movementsInsert(db, moved, why).getSQL()}`,
  );
  for (const m of moved) tell(db, m);
  return moved;
}

/**
 * The movements of options whose stock moved in the same statement or transaction, as one
 * insert the caller runs (or puts in a statement of its own, as placing an order does).
 */
export function movementsInsert(db: Db, moved: readonly Moved[], why: MoveReason) {
  return db.insert(stockMovements).values(
    moved.map((m) => ({
      variantId: m.variantId,
      productId: m.productId,
      change: m.after - m.before,
      stockAfter: m.after,
      reason: why.reason,
      actorUserId: why.actorUserId ?? null,
      orderId: why.orderId ?? null,
      note: why.note ?? "",
    })),
  );
}

/** A line of an order taking stock. */
export interface Take {
  variantId: number;
  quantity: number;
}

/**
 * Takes an order's stock, option by option in id order (placements that share options never
 * deadlock), each take succeeding only while enough are left, whatever was read before: fifty
 * buyers of a last unit sell it once. `drawnWithLast` is read in the last take's statement, only
 * when it succeeds (the order's number and id, so none is drawn for an order that fails).
 * Answers what was taken, or the first line short of stock (nothing has been written for it;
 * the caller's transaction must roll back the takes before it). The movements are not written
 * here: the caller writes `movementsInsert` with the order's id, in its own statement.
 */
export async function takeStock<D extends object>(
  db: Db,
  lines: readonly Take[],
  drawnWithLast: SQL,
): Promise<{ taken: Moved[]; drawn: D | null } | { short: Take; left: number }> {
  const takes = [...lines].sort((a, b) => a.variantId - b.variantId);
  const taken: Moved[] = [];
  let drawn: D | null = null;
  for (const [index, line] of takes.entries()) {
    const last = index === takes.length - 1;
    const [row] = await queryRows<{ productId: number; sku: string; stock: number } & D>(
      db,
      sql`update ${variants} set stock = stock - ${line.quantity}
          where id = ${line.variantId} and stock >= ${line.quantity}
          returning product_id as "productId", sku, stock${last ? sql`, ${drawnWithLast}` : sql``}`,
    );
    if (!row) {
      const [left] = await queryRows<{ stock: number }>(db, sql`select stock from ${variants} where id = ${line.variantId}`);
      return { short: line, left: left?.stock ?? 0 };
    }
    const moved = {
      variantId: line.variantId,
      productId: row.productId,
      sku: row.sku,
      before: row.stock + line.quantity,
      after: row.stock,
    };
    taken.push(moved);
    tell(db, moved);
    if (last) drawn = row;
  }
  return { taken, drawn };
}
