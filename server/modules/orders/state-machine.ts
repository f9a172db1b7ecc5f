import type { OrderStatus } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * Where an order may go from each status (ADR 37). Cancelling releases the stock (and refunds what
 * was paid); a refund may be partial, and the order is "refunded" once all is paid back.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

export const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  awaiting_payment: "awaiting payment",
  paid: "paid",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  refunded: "refunded",
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** INVALID_TRANSITION unless the order may move from `from` to `to`. */
export function assertMove(number: string, from: OrderStatus, to: OrderStatus): void {
  if (canMove(from, to)) return;
  throw new ShopError("INVALID_TRANSITION", `Order ${number} is ${STATUS_WORDS[from]}: it cannot become ${STATUS_WORDS[to]}.`, {
    details: { from, to },
  });
}
