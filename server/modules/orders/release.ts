import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import { orderLines, promoCodes, promoRedemptions, variants, type Order } from "../../db/schema/index.ts";

/**
 * Gives a cancelled order's stock back, option by option in id order, as placing took it (no
 * deadlocks). Once it has committed, each option's new stock is told ("stock-changed"), and an
 * option that was sold out and is available again is told as "stock-back": the back-in-stock
 * sweep (ADR 47) hears it in every process and mails whoever waits for it, in transactions of its
 * own, so nothing it does can hold up or undo this one.
 */
export async function releaseStock(db: Db, orderId: number): Promise<void> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const line of lines.filter((l) => l.variantId !== null).sort((a, b) => a.variantId! - b.variantId!)) {
    const [back] = await db
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId!))
      .returning({ productId: variants.productId, stock: variants.stock });
    if (!back) continue;
    publishAfterCommit(db, "stock-changed", back.productId, { variantId: line.variantId!, stock: back.stock });
    if (back.stock > 0 && back.stock - line.quantity <= 0) publishAfterCommit(db, "stock-back", { variantId: line.variantId! });
  }
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
