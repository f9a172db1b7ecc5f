import { inArray } from "drizzle-orm";
import { orders, type Order, type OrderStatus } from "../../db/schema/index.ts";
import { asShopError, parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { sendsGoodsOf } from "./order-facts.ts";
import { paramsOf, shipOrdersInput } from "./schemas.ts";

/*
 * Marking a batch of orders shipped from the order list (issue 24 §4, ADR 62). The batch adds no
 * rule of its own: each order goes through the orders module's ship use case, as the order page's
 * button does, in a transaction of its own (its status, history, mail and audit entry commit
 * together), and that use case checks the move under the order's lock. An order that may not be
 * shipped is reported by its number with the reason and the others go on. Unlike the order page,
 * the batch carries no version per order: the person chose from the list, not from each order's
 * page, and shipping needs only the state the lock checks.
 */

/** One order's ship use case (orders: createStaffOperations().ship). */
export type ShipOne = (scope: StaffScope, number: string, raw: { carrier: string; trackingUrl?: string }) => Promise<Order>;

export interface ShippedBatch {
  /** Marked shipped now, in the order chosen. */
  shipped: string[];
  /** Not shipped, and why: in the order chosen. */
  refused: { number: string; reason: string }[];
}

/** Why an order in this status cannot be shipped, in the list's words. */
const NOT_NOW: Record<OrderStatus, string> = {
  awaiting_payment: "It is not paid yet.",
  paid: "It could not be shipped.",
  shipped: "It was shipped already.",
  delivered: "It was delivered already.",
  cancelled: "It was cancelled.",
  refunded: "It was refunded.",
};

/**
 * Ships each order chosen that may be shipped, with the batch's carrier and tracking link (one for
 * all, or none). `scope` is the staff member's, outside any transaction, so each order commits on
 * its own and is audited as theirs. INVALID_INPUT for a batch that is no batch (none, more than
 * 50, a malformed number, no carrier); unknown numbers and refused orders are in `refused`.
 */
export async function shipOrders(scope: StaffScope, raw: unknown, ship: ShipOne): Promise<ShippedBatch> {
  const { numbers, carrier, trackingUrl } = parseInput(shipOrdersInput, paramsOf(raw));
  const found = await scope.db
    .select({ number: orders.number, deliveryMethodName: orders.deliveryMethodName, shipping: orders.shipping })
    .from(orders)
    .where(inArray(orders.number, numbers));
  const known = new Map(found.map((order) => [order.number, order]));
  const batch: ShippedBatch = { shipped: [], refused: [] };
  for (const number of numbers) {
    const order = known.get(number);
    // What an order sends never changes, so it is read once, before the locks.
    if (!order) batch.refused.push({ number, reason: "No order has this number." });
    else if (!sendsGoodsOf(order))
      batch.refused.push({ number, reason: "It holds a membership alone: there is nothing to send." });
    else {
      try {
        await ship(scope, number, { carrier, ...(trackingUrl ? { trackingUrl } : {}) });
        batch.shipped.push(number);
      } catch (error) {
        const failed = asShopError(error);
        if (failed?.code === "INVALID_TRANSITION") {
          const from = failed.details.from as OrderStatus | undefined;
          batch.refused.push({ number, reason: from ? NOT_NOW[from] : failed.message });
        } else if (failed?.code === "ORDER_NOT_FOUND") batch.refused.push({ number, reason: "No order has this number." });
        // Any other refusal the use case words (an input it will not take) is this order's; a
        // fault that is no refusal is not, and stops the batch (what shipped stays shipped).
        else if (failed) batch.refused.push({ number, reason: failed.message });
        else throw error;
      }
    }
  }
  return batch;
}
