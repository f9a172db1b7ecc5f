import type { FlashNotice } from "./flash";

/** What came of putting an order's items back in the bag: how many went in, and the names of those that could not. */
export interface BagRefill {
  added: number;
  missed: readonly string[];
}

/**
 * The bag page's notice after an order's items were put back in the bag: "Buy again" on an order,
 * or a card order given up ("cancelled"). One wording for both, so the shopper reads the same
 * reasons wherever items could not go back. A notice that names missed items is an error notice:
 * the shopper has to act (choose another option, lower a quantity) or their bag is not what they
 * expect.
 */
export function bagRefillNotice(orderNumber: string, back: BagRefill, cause: "buy-again" | "cancelled"): FlashNotice {
  const missed =
    back.missed.length === 0
      ? null
      : `${back.added > 0 ? "Some items are in your bag; " : ""}${back.missed.join(", ")} could not be added: sold out, no longer sold, or more than your bag may hold.`;
  if (cause === "buy-again") {
    return missed
      ? { kind: "error", message: missed }
      : { kind: "success", message: `The items of order ${orderNumber} are in your bag.` };
  }
  if (missed) return { kind: "error", message: `Order ${orderNumber} is cancelled. ${missed}` };
  // Nothing added and nothing missed: the buyer had no bag to put them in (a guest without its cookie).
  return {
    kind: "success",
    message:
      back.added > 0
        ? `Order ${orderNumber} is cancelled and its items are back in your bag.`
        : `Order ${orderNumber} is cancelled.`,
  };
}
