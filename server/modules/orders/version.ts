import { eq, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders, type Order } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { lockOrder } from "./transitions.ts";

/*
 * An order's version (ADR 58): it changes with every status change, refund, edit or history
 * entry. A staff form carries the version it was read at, and its change is refused when the
 * order has moved on since: compared under the order's lock, in the change's own transaction, so
 * two people pressing "refund" on one page refund once.
 */

export function versionOf(order: Pick<Order, "updatedAt">, lastEventId: number | null): string {
  return `${order.updatedAt.getTime().toString(36)}.${(lastEventId ?? 0).toString(36)}`;
}

/** The current version of the order of that number; null when there is none. */
export async function orderVersion(db: Db, number: string): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: orders.updatedAt, lastEvent: max(orderEvents.id) })
    .from(orders)
    .leftJoin(orderEvents, eq(orderEvents.orderId, orders.id))
    .where(eq(orders.number, number))
    .groupBy(orders.id);
  return row ? versionOf(row, row.lastEvent) : null;
}

/**
 * Runs `work` in one transaction with the order locked, when the order is still at `version`;
 * else STALE_VERSION (409), with when it last changed. ORDER_NOT_FOUND for no such order.
 */
export async function whenCurrent<S extends Scope, T>(
  scope: S,
  number: unknown,
  version: unknown,
  work: (tx: S) => Promise<T>,
): Promise<T> {
  return withTransaction(scope, async (tx) => {
    const order = await lockOrder(tx.db, number);
    const [last] = await tx.db
      .select({ id: max(orderEvents.id) })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    if (versionOf(order, last?.id ?? null) !== version) {
      throw new ShopError("STALE_VERSION", `Order ${order.number} changed since the page was read.`, {
        details: { changedAt: order.updatedAt.toISOString() },
      });
    }
    return work(tx);
  });
}
