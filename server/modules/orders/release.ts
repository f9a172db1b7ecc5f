import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { moveStock } from "../stock/index.ts";
import { orderLines, promoCodes, promoRedemptions, type Order } from "../../db/schema/index.ts";

/**
 * Gives a cancelled (or refunded before it was sent) order's stock back through the stock module
 * (ADR 66), with a "cancel" movement per option naming the order and `note`. Once it has
 * committed, each option's new stock is told, and an option that was sold out and is available
 * again is told as "stock-back": the back-in-stock sweep (ADR 47) hears it in every process and
 * mails whoever waits for it, in transactions of its own, so nothing it does can hold up or undo
 * this one.
 */
export async function releaseStock(db: Db, orderId: number, note = ""): Promise<void> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const back = new Map<number, number>();
  for (const line of lines)
    if (line.variantId !== null) back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity);
  await moveStock(
    db,
    [...back].map(([variantId, change]) => ({ variantId, change })),
    { reason: "cancel", orderId, note },
    { skipMissing: true },
  );
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
