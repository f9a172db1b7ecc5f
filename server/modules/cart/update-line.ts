import { and, eq } from "drizzle-orm";
import { cartLines } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { requireCart, sellableStock, touch, view, type BagRef, type CartWithToken } from "./bag-rows.ts";
import { cartLineNotFound, notEnoughStock, quantityBelowOne } from "./errors.ts";
import { MAX_LINE_QUANTITY, quantityCap, removeLineInput, updateLineInput } from "./schemas.ts";
import type { Viewer } from "../catalog/index.ts";

/**
 * Changes a line's quantity and/or option. Switching to an option another line already holds
 * merges the two lines, within the stock.
 */
export async function updateLine(scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer): Promise<CartWithToken> {
  const change = parseInput(updateLineInput, raw);
  const cartId = await requireCart(scope.db, ref);
  await withTransaction(scope, async ({ db }) => {
    await touch(db, cartId);
    const [line] = await db
      .select({ id: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.id, change.lineId), eq(cartLines.cartId, cartId)));
    if (!line) throw cartLineNotFound(change.lineId);
    const variantId = change.variantId ?? line.variantId;
    // A step (the bag's − and +) applies to what the line holds now, not to what a form showed.
    let quantity = change.delta !== undefined ? line.quantity + change.delta : (change.quantity ?? line.quantity);
    if (quantity < 1) throw quantityBelowOne();
    const stock = await sellableStock(db, variantId, viewer);
    let merged: { id: number; quantity: number } | undefined;
    if (variantId !== line.variantId) {
      [merged] = await db
        .select({ id: cartLines.id, quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
      if (merged) quantity += merged.quantity;
    }
    const limit = quantityCap(stock);
    const inOtherLine = merged?.quantity ?? 0;
    if (quantity > limit) throw notEnoughStock(Math.max(limit - inOtherLine, 0), inOtherLine, stock > MAX_LINE_QUANTITY);
    if (merged) await db.delete(cartLines).where(eq(cartLines.id, merged.id));
    await db.update(cartLines).set({ variantId, quantity }).where(eq(cartLines.id, line.id));
  });
  return view(scope.db, ref, cartId, viewer);
}

/** Takes a line out of the bag; answers the bag as `viewer` sees it. */
export async function removeLine(scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer): Promise<CartWithToken> {
  const { lineId } = parseInput(removeLineInput, raw);
  const cartId = await requireCart(scope.db, ref);
  await withTransaction(scope, async ({ db }) => {
    await touch(db, cartId);
    const removed = await db
      .delete(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
      .returning({ id: cartLines.id });
    if (removed.length === 0) throw cartLineNotFound(lineId);
  });
  return view(scope.db, ref, cartId, viewer);
}
