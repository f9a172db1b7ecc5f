import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders } from "../../db/schema/index.ts";
import { enqueueMail } from "../mail/jobs.ts";
import { orderCancelledMail } from "./mails.ts";
import { releaseStock } from "./release-stock.ts";

/**
 * Cancels unpaid orders whose reservation has ended and gives their stock back (ADR 37), a few
 * orders per transaction. Each order is claimed with FOR UPDATE SKIP LOCKED and only while it is
 * still awaiting payment, so two processes running this at once release each order's stock once,
 * and a payment marked at the same moment either comes first (the order stays) or waits.
 */
export async function expireReservations(
  db: Db,
  shop: { siteName: string; publicUrl: string },
  now = new Date(),
): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, "awaiting_payment"), lte(orders.reservedUntil, now)))
        .orderBy(asc(orders.reservedUntil), asc(orders.id))
        .limit(10)
        .for("update", { skipLocked: true });
      for (const order of due) {
        await releaseStock(tx, order.id);
        const reason = "the payment did not arrive in time, so the items went back on sale.";
        await tx
          .update(orders)
          .set({ status: "cancelled", updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await tx.insert(orderEvents).values({ orderId: order.id, status: "cancelled", note: "Not paid in time" });
        await enqueueMail(
          tx,
          orderCancelledMail({
            ...shop,
            to: order.email,
            number: order.number,
            reason,
            link: `${shop.publicUrl}/my-account/order-history`,
          }),
        );
      }
      return due.length;
    });
    cancelled += done;
    if (done === 0) return cancelled;
  }
}
