import { and, asc, eq, inArray, lt, lte } from "drizzle-orm";
import { orders, payments } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { CARD } from "../orders/index.ts";
import type { PaymentsKit } from "./kit.ts";
import { settlePage } from "./settle.ts";
import { staffCancel } from "./staff-refund.ts";

/**
 * Card orders whose payment page should have ended by now: each is settled by asking the
 * provider (paid after all, or closed and cancelled), for when its webhook never came. One sweep
 * at a time: a slow provider must not have the next minute's sweep ask it the same again, so a
 * call while one runs answers that one.
 */
export function createCardSweep(kit: PaymentsKit) {
  let sweeping: Promise<number> | null = null;
  return (scope: Scope, now = new Date()): Promise<number> => {
    if (!kit.provider) return Promise.resolve(0);
    sweeping ??= sweepNow(kit, scope, now).finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
}

/** Card orders whose payment page (or slow payment) should have ended by now, and refunds still owed. */
async function sweepNow(kit: PaymentsKit, scope: Scope, now: Date): Promise<number> {
  const due = await scope.db
    .select({ number: orders.number, providerRef: payments.providerRef })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.status, "awaiting_payment"),
        eq(orders.paymentMethod, CARD),
        inArray(payments.status, ["pending", "processing"]),
        lte(orders.reservedUntil, now),
      ),
    )
    .orderBy(asc(orders.reservedUntil))
    .limit(50);
  // Cancelled card orders whose refund the provider did not take (it could not be reached).
  const owed = await scope.db
    .select({ number: orders.number })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.status, "cancelled"), eq(payments.status, "paid"), lt(orders.refunded, orders.total)))
    .limit(20);
  const failures: unknown[] = [];
  // One order's trouble (a page the provider no longer knows) must not hold up the others.
  for (const page of due) {
    try {
      await settlePage(kit, scope, page.number, page);
    } catch (error) {
      failures.push(error);
    }
  }
  for (const { number } of owed) {
    try {
      await staffCancel(kit, scope, number);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} card payments could not be settled now`);
  return due.length + owed.length;
}
