import { and, asc, eq } from "drizzle-orm";
import { orderEvents, orderLines, type Order } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { BagRef } from "../cart/index.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/index.ts";
import { isCardOrder, lockOrder } from "../orders/index.ts";
import { unavailable } from "./errors.ts";
import type { PaymentsKit } from "./kit.ts";
import { latestPayment, orderOf } from "./rows.ts";
import { settlePage } from "./settle.ts";

/** The history note that a shopper gave up paying: written once, so their items go back to the bag once. */
const GAVE_UP_NOTE = "The shopper gave up paying; the items went back to the bag";

const nothingBack = { added: 0, missed: [] as string[] };

export interface Abandoned {
  order: Order;
  /** True for the one call that cancelled it (a second click puts nothing back twice). */
  cancelled: boolean;
  back: { added: number; missed: string[] };
}

/**
 * The shopper gives up paying (the order page's "Cancel order" after leaving the payment page):
 * the page is closed at the provider, then the order cancelled and its stock released, and its
 * items go back in `bag`, by the rules of `viewer` (the buyer: a member's early access and
 * prices). If it turns out paid meanwhile, it is paid. Answers the order as it is now.
 */
export async function abandon(
  kit: PaymentsKit,
  scope: Scope,
  ref: Order | string,
  bag: BagRef = null,
  viewer: Viewer = ANY_VISITOR,
): Promise<Abandoned> {
  const order = await orderOf(scope.db, ref);
  const payment = await latestPayment(scope.db, order);
  if (!kit.provider || order.status !== "awaiting_payment" || !isCardOrder(order)) {
    return { order, cancelled: false, back: nothingBack };
  }
  try {
    await settlePage(kit, scope, order.number, { providerRef: payment?.providerRef ?? null });
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw unavailable(error);
  }
  // Cancelled now (by this call, or by Stripe's expiry webhook just before it): `cancelled` is
  // true for one call only, so a second click puts nothing back twice.
  const now = await withTransaction(scope, async (tx) => {
    const locked = await lockOrder(tx.db, order.number);
    if (locked.status !== "cancelled") return { order: locked, cancelled: false };
    const [told] = await tx.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, locked.id), eq(orderEvents.note, GAVE_UP_NOTE)));
    if (told) return { order: locked, cancelled: false };
    await tx.db.insert(orderEvents).values({ orderId: locked.id, status: "cancelled", note: GAVE_UP_NOTE });
    return { order: locked, cancelled: true };
  });
  if (!now.cancelled || bag === null) return { ...now, back: nothingBack };
  // Its items go back in the buyer's bag, as far as stock and the bag's limits allow.
  const lines = await scope.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const items = lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity, name: line.productName }));
  return { ...now, back: await kit.deps.bags.addLines(scope, bag, items, viewer) };
}
