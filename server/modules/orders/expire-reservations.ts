import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { systemScope, withTransaction } from "../../lib/scope.ts";
import { enqueueMail } from "../mail/jobs.ts";
import { deliversGoods, itemsBackOnSale, orderCancelledMail } from "./mails.ts";
import { cancelOrder } from "./transitions.ts";

/**
 * Cancels unpaid bank-transfer orders whose reservation has ended and gives their stock back (ADR 37), a few
 * orders per transaction. Each order is claimed with FOR UPDATE SKIP LOCKED and only while it is
 * still awaiting payment, so two processes running this at once release each order's stock once,
 * and a payment marked at the same moment either comes first (the order stays) or waits.
 */
export async function expireReservations(
  db: Db,
  shop: { siteName: string; orderLink: (number: string) => string },
  now = new Date(),
  /** Card orders too: when the shop takes no card payments now, nobody else ends their reservation. */
  options: { cardOrders?: boolean } = {},
): Promise<number> {
  let cancelled = 0;
  // One order per transaction: its options are locked in id order, as checkout locks them, so
  // the expiry never holds one order's rows while waiting for another's (no deadlock).
  for (;;) {
    const done = await withTransaction(systemScope(db), async ({ db: tx }) => {
      const [order] = await tx
        .select()
        .from(orders)
        // Card payments end with their payment page, which the payments module asks about first.
        .where(
          and(
            eq(orders.status, "awaiting_payment"),
            options.cardOrders ? undefined : eq(orders.paymentMethod, "bank-transfer"),
            lte(orders.reservedUntil, now),
          ),
        )
        .orderBy(asc(orders.reservedUntil), asc(orders.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!order) return false;
      await cancelOrder(tx, order, "Not paid in time");
      const reason = `the payment did not arrive in time${itemsBackOnSale(order)}.`;
      await enqueueMail(
        tx,
        orderCancelledMail({
          siteName: shop.siteName,
          to: order.email,
          number: order.number,
          reason,
          link: shop.orderLink(order.number),
          goods: deliversGoods(order),
        }),
      );
      return true;
    });
    if (!done) return cancelled;
    cancelled += 1;
  }
}
