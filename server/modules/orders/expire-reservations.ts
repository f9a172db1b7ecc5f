import { and, asc, eq, lte, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { afterCommit, systemScope, withTransaction } from "../../lib/scope.ts";
import { enqueueMail } from "../mail/index.ts";
import { itemsBackOnSale } from "./mails.ts";
import { cancellationOf, type OrderMailShop } from "./order-mails.ts";
import { BANK_TRANSFER } from "../../db/schema/payment-methods.ts";
import { cancelOrder } from "./transitions.ts";

/**
 * Cancels unpaid bank-transfer orders whose reservation has ended and gives their stock back (ADR 37), a few
 * orders per transaction. Each order is claimed with FOR UPDATE SKIP LOCKED and only while it is
 * still awaiting payment, so two processes running this at once release each order's stock once,
 * and a payment marked at the same moment either comes first (the order stays) or waits.
 *
 * One order that cannot be cancelled (its transaction fails) is left for the next run and the
 * others go on: the run ends with an AggregateError of what failed, after everything else is done.
 */
export async function expireReservations(
  db: Db,
  /** `mailsWritten`: told after each cancellation commits, so its mail goes out at once. */
  shop: OrderMailShop & { mailsWritten?: () => void },
  now = new Date(),
  /** Card orders too: when the shop takes no card payments now, nobody else ends their reservation. */
  options: { cardOrders?: boolean } = {},
): Promise<number> {
  let cancelled = 0;
  const failed: number[] = [];
  const failures: unknown[] = [];
  // One order per transaction: its options are locked in id order, as checkout locks them, so
  // the expiry never holds one order's rows while waiting for another's (no deadlock).
  for (;;) {
    let claimed: number | null = null;
    const done = await withTransaction(systemScope(db), async (scope) => {
      const tx = scope.db;
      const [order] = await tx
        .select()
        .from(orders)
        // Card payments end with their payment page, which the payments module asks about first.
        .where(
          and(
            eq(orders.status, "awaiting_payment"),
            options.cardOrders ? undefined : eq(orders.paymentMethod, BANK_TRANSFER),
            lte(orders.reservedUntil, now),
            failed.length > 0 ? notInArray(orders.id, failed) : undefined,
          ),
        )
        .orderBy(asc(orders.reservedUntil), asc(orders.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!order) return false;
      claimed = order.id;
      await cancelOrder(tx, order, "Not paid in time");
      const reason = `the payment did not arrive in time${itemsBackOnSale(order)}.`;
      await enqueueMail(tx, cancellationOf(shop, order, reason));
      if (shop.mailsWritten) afterCommit(scope, shop.mailsWritten);
      return true;
    }).catch((error: unknown) => {
      // The claim itself failed: the database is in trouble, not one order. Whatever failed
      // before is told with it.
      if (claimed === null) {
        throw failures.length > 0 || cancelled > 0 ? new ExpiryFailures([...failures, error], cancelled, "stopped") : error;
      }
      failed.push(claimed);
      failures.push(error);
      return null;
    });
    if (done === null) continue;
    if (!done) break;
    cancelled += 1;
  }
  if (failures.length > 0) throw new ExpiryFailures(failures, cancelled);
  return cancelled;
}

const orderCount = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
/** A run that cancelled what it could; `cancelled` of them have mails waiting. */
export class ExpiryFailures extends AggregateError {
  constructor(
    errors: unknown[],
    readonly cancelled: number,
    /** "stopped": the last error is the database's, and the orders after it were not tried. */
    how: "skipped" | "stopped" = "skipped",
  ) {
    super(
      errors,
      how === "stopped"
        ? `The expiry stopped: the database failed after ${orderCount(cancelled)} cancelled and ${orderCount(errors.length - 1)} that could not be`
        : `${orderCount(errors.length)} could not be cancelled now (${orderCount(cancelled)} cancelled)`,
    );
  }
}
