import { and, eq } from "drizzle-orm";
import { cartLines, carts, products, variants } from "../../db/schema/index.ts";
import { shopErrorCode } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { cartIdOf, insertCart, lineCount, lockVariants, sellableStock, touch } from "./bag-rows.ts";
import { MAX_BAG_LINES, quantityCap } from "./schemas.ts";

/**
 * An item of a guest's bag that did not all fit in the customer's bag at login: `stock` (or the
 * line limit) capped it, it is `gone` from sale, or the bag was `full` (MAX_BAG_LINES options).
 */
export interface MergeNote {
  name: string;
  wanted: number;
  kept: number;
  reason: "stock" | "gone" | "full";
}

/**
 * At login, moves a guest's bag into the customer's own bag (made if needed) and deletes the
 * guest's. Quantities add up, capped by stock and the line limit; what did not fit is returned
 * so the shopper can be told. Options no longer for sale are dropped, and told (kept 0).
 */
export async function mergeGuestBag(
  scope: Scope,
  guestToken: string | null | undefined,
  customerId: number,
): Promise<MergeNote[]> {
  const guestId = await cartIdOf(scope.db, guestToken);
  if (guestId === null) return [];
  return withTransaction(scope, async ({ db }) => {
    // The guest's bag, then the customer's, then options: see touch().
    await touch(db, guestId);
    const guestLines = await db
      .select({ variantId: cartLines.variantId, quantity: cartLines.quantity, name: products.name })
      .from(cartLines)
      .innerJoin(variants, eq(variants.id, cartLines.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(cartLines.cartId, guestId))
      .orderBy(cartLines.id);
    const notes: MergeNote[] = [];
    if (guestLines.length > 0) {
      const ownRef = { customerId };
      const ownId = (await cartIdOf(db, ownRef)) ?? (await insertCart(db, ownRef)).id;
      await touch(db, ownId);
      // Then every option's row, up front in one order (by id), as checkout locks them: two logins
      // whose bags hold the same options in other orders queue instead of deadlocking.
      await lockVariants(
        db,
        guestLines.map((line) => line.variantId),
      );
      let lines = await lineCount(db, ownId);
      for (const line of guestLines) {
        let stock: number;
        try {
          stock = await sellableStock(db, line.variantId);
        } catch (error) {
          if (shopErrorCode(error) !== "VARIANT_NOT_FOUND") throw error;
          notes.push({ name: line.name, wanted: line.quantity, kept: 0, reason: "gone" });
          continue;
        }
        const [own] = await db
          .select({ id: cartLines.id, quantity: cartLines.quantity })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, ownId), eq(cartLines.variantId, line.variantId)));
        const inBag = own?.quantity ?? 0;
        const wanted = inBag + line.quantity;
        if (!own && lines >= MAX_BAG_LINES) {
          notes.push({ name: line.name, wanted, kept: 0, reason: "full" });
          continue;
        }
        const kept = Math.max(Math.min(wanted, quantityCap(stock)), inBag);
        if (kept < wanted) notes.push({ name: line.name, wanted, kept, reason: "stock" });
        if (kept === inBag) continue;
        if (own) await db.update(cartLines).set({ quantity: kept }).where(eq(cartLines.id, own.id));
        else {
          await db.insert(cartLines).values({ cartId: ownId, variantId: line.variantId, quantity: kept });
          lines++;
        }
      }
    }
    await db.delete(carts).where(eq(carts.id, guestId));
    return notes;
  });
}
