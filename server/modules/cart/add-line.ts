import { and, eq } from "drizzle-orm";
import { cartLines } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import {
  cartIdOf,
  countNewBag,
  insertCart,
  lineCount,
  pruneIdleCarts,
  sellableStock,
  touch,
  view,
  type BagRef,
  type CartWithToken,
} from "./bag-rows.ts";
import { bagFull, notEnoughStock } from "./errors.ts";
import type { Viewer } from "../catalog/index.ts";
import { addLineInput, MAX_BAG_LINES, MAX_LINE_QUANTITY, quantityCap } from "./schemas.ts";

/**
 * Puts an option in the bag, adding to the line that already holds it. Without a bag (no or
 * unknown token) a new one is made: the shopper's first add creates it, counted against the
 * visitor's address by `newBags` (TOO_MANY_REQUESTS past its rule).
 */
export async function addLine(
  scope: Scope,
  ref: BagRef,
  raw: unknown,
  viewer: Viewer,
  newBags: RateLimiter | undefined,
): Promise<{ cart: CartWithToken; lineId: number }> {
  const { variantId, quantity } = parseInput(addLineInput, raw);
  const existing = await cartIdOf(scope.db, ref);
  const uncount = existing === null ? await countNewBag(scope, ref, newBags) : null;
  let cartRef = ref;
  // The first add makes the bag, in the same transaction: a refused add leaves no empty bag
  // behind, and does not count as one.
  const { cartId, lineId } = await withTransaction(scope, async ({ db }) => {
    let cartId = existing;
    if (cartId === null) ({ id: cartId, ref: cartRef } = await insertCart(db, ref));
    await touch(db, cartId);
    const stock = await sellableStock(db, variantId, viewer);
    const [line] = await db
      .select({ id: cartLines.id, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
    const inBag = line?.quantity ?? 0;
    const room = quantityCap(stock) - inBag;
    if (quantity > room) throw notEnoughStock(Math.max(room, 0), inBag, stock > MAX_LINE_QUANTITY);
    if (!line && (await lineCount(db, cartId)) >= MAX_BAG_LINES) throw bagFull();
    if (line) {
      await db
        .update(cartLines)
        .set({ quantity: inBag + quantity })
        .where(eq(cartLines.id, line.id));
      return { cartId, lineId: line.id };
    }
    const [inserted] = await db.insert(cartLines).values({ cartId, variantId, quantity }).returning({ id: cartLines.id });
    return { cartId, lineId: inserted!.id };
  }).catch(async (error: unknown) => {
    await uncount?.();
    throw error;
  });
  if (existing === null) await pruneIdleCarts(scope.db);
  return { cart: await view(scope.db, cartRef, cartId, viewer), lineId };
}
