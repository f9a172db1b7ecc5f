import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import { rootDatabase } from "../../lib/scope.ts";
import { orderLines, promoCodes, promoRedemptions, variants, type Order } from "../../db/schema/index.ts";

/**
 * Told, inside the transaction that gives stock back, which options were sold out (0 or less)
 * and are available again; whatever it writes through `db` commits or rolls back with the stock.
 */
export type StockBackListener = (db: Db, variantIds: readonly number[]) => Promise<void>;

// One listener per database the process opened (the back-in-stock requests, ADR 47), found from a
// transaction's handle as the event bus is: orders never import the module that listens.
const stockBackListeners = new WeakMap<Db, StockBackListener>();

/** Registers what is told when options on `db` come back in stock (services.ts wires it once). */
export function onStockBack(db: Db, listener: StockBackListener): void {
  stockBackListeners.set(db, listener);
}

/** Gives a cancelled order's stock back, option by option in id order, as placing took it (no deadlocks). */
export async function releaseStock(db: Db, orderId: number): Promise<void> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const cameBack = new Set<number>();
  for (const line of lines.filter((l) => l.variantId !== null).sort((a, b) => a.variantId! - b.variantId!)) {
    const [back] = await db
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId!))
      .returning({ productId: variants.productId, stock: variants.stock });
    if (!back) continue;
    publishAfterCommit(db, "stock-changed", back.productId, { variantId: line.variantId!, stock: back.stock });
    // The row is locked by this update: no other release of the option can see the same move.
    if (back.stock > 0 && back.stock - line.quantity <= 0) cameBack.add(line.variantId!);
  }
  if (cameBack.size > 0) await stockBackListeners.get(rootDatabase(db))?.(db, [...cameBack]);
}

/**
 * Gives back the promo code use of an order that is cancelled before it was fulfilled: the code
 * counts one use fewer, and its buyer may use it again.
 */
export async function releasePromo(db: Db, order: Pick<Order, "id" | "promoCode">): Promise<void> {
  if (!order.promoCode) return;
  const released = await db.delete(promoRedemptions).where(eq(promoRedemptions.orderId, order.id)).returning();
  const [promoCodeId] = [...new Set(released.map((row) => row.promoCodeId))];
  const [code] =
    promoCodeId === undefined
      ? await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, order.promoCode))
      : [{ id: promoCodeId }];
  if (!code) return;
  await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
    .where(and(eq(promoCodes.id, code.id), gt(promoCodes.usedCount, 0)));
}
