import { asc, inArray } from "drizzle-orm";
import { orderLines, orders, type Order } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { orderAddress, STATUS_WORDS, type OrderAddress } from "../orders/index.ts";
import { sendsGoodsOf } from "./order-facts.ts";
import { orderSelectionInput, paramsOf } from "./schemas.ts";
import type { Seller } from "./shared.ts";

/*
 * Packing slips (issue 24 §4, ADR 62): what goes in the parcel and where it goes, for the person
 * packing it. No prices: a slip travels in the parcel, which may be a gift.
 */

export interface PackingSlip {
  number: string;
  placedAt: string;
  status: Order["status"];
  statusWords: string;
  /**
   * Said in large print when the parcel should not go now (not paid, cancelled, refunded) or went
   * already (a copy); null for a paid order waiting to be sent.
   */
  warning: string | null;
  delivery: { methodName: string | null; address: OrderAddress | null };
  /** What to pick: the order's goods (a membership bought with them is not packed). */
  lines: { name: string; sku: string | null; colour: string | null; size: string | null; quantity: number }[];
  /** How many pieces in all. */
  items: number;
}

export interface PackingSlips {
  seller: Seller;
  /** In the order the numbers were given. */
  slips: PackingSlip[];
  /** Numbers given that have no slip, and why: no such order, or one that sends nothing. */
  missing: { number: string; found: boolean; reason: string }[];
}

const WARNINGS: Partial<Record<Order["status"], string>> = {
  awaiting_payment: "Not paid yet: do not send.",
  cancelled: "Cancelled: do not send.",
  refunded: "Refunded: do not send.",
  shipped: "Sent already: this is a copy.",
  delivered: "Delivered already: this is a copy.",
};

/** The packing slips of the orders chosen (`number`: one or several, at most a batch; see orderSelectionInput). */
export async function packingSlips(scope: Scope, raw: unknown, seller: Seller): Promise<PackingSlips> {
  const numbers = parseInput(orderSelectionInput, paramsOf(raw));
  const found = await scope.db.select().from(orders).where(inArray(orders.number, numbers));
  const lines = found.length
    ? await scope.db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            found.map((order) => order.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  const byNumber = new Map(found.map((order) => [order.number, order]));
  const slips: PackingSlip[] = [];
  const missing: PackingSlips["missing"] = [];
  for (const number of numbers) {
    const order = byNumber.get(number);
    if (!order) missing.push({ number, found: false, reason: "No order has this number." });
    else if (!sendsGoodsOf(order)) {
      missing.push({ number, found: true, reason: "It holds a membership alone: there is nothing to pack." });
    } else {
      // A membership bought with the goods is a line with no product: nothing to pick.
      const picked = lines
        .filter((line) => line.orderId === order.id && line.productId !== null)
        .map((line) => ({
          name: line.productName,
          sku: line.sku,
          colour: line.colour,
          size: line.size,
          quantity: line.quantity,
        }));
      slips.push({
        number: order.number,
        placedAt: order.createdAt.toISOString(),
        status: order.status,
        statusWords: STATUS_WORDS[order.status],
        warning: WARNINGS[order.status] ?? null,
        delivery: { methodName: order.deliveryMethodName, address: orderAddress(order.deliveryAddress) },
        lines: picked,
        items: picked.reduce((sum, line) => sum + line.quantity, 0),
      });
    }
  }
  return { seller, slips, missing };
}
