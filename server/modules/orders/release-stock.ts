import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines, variants } from "../../db/schema/index.ts";

/** Gives a cancelled order's stock back, option by option in id order, as placing took it (no deadlocks). */
export async function releaseStock(db: Db, orderId: number): Promise<void> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const line of lines.filter((l) => l.variantId !== null).sort((a, b) => a.variantId! - b.variantId!)) {
    await db
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId!));
  }
}
