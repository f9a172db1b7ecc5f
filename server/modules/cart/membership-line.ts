import { eq } from "drizzle-orm";
import { z } from "zod";
import { carts } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { assertMayBuy, membershipNeedsAccount, planBySlug, planNotForSale } from "../membership/index.ts";
import { customerIdOf, insertCart, requireCart, touch, view, type BagRef, type CartWithToken } from "./bag-rows.ts";
import type { Viewer } from "../catalog/index.ts";

export const membershipLineInput = z.object({
  plan: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(80),
});

/**
 * Puts a paid membership plan in the customer's bag (ADR 42): at most one, so it replaces another
 * plan the bag held. A guest's bag holds none (a membership belongs to an account). The bag is
 * made when the customer has none yet.
 */
export async function putMembership(scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer): Promise<CartWithToken> {
  const { plan: slug } = parseInput(membershipLineInput, raw);
  const customerId = customerIdOf(ref);
  if (customerId === null) throw membershipNeedsAccount();
  const cartId = await withTransaction(scope, async ({ db }) => {
    const plan = await planBySlug(db, slug);
    if (!plan) throw planNotForSale(slug);
    await assertMayBuy(db, customerId, plan);
    const { id } = await insertCart(db, ref);
    await touch(db, id);
    await db.update(carts).set({ membershipPlanId: plan.id }).where(eq(carts.id, id));
    return id;
  });
  return view(scope.db, ref, cartId, viewer);
}

/** Takes the membership plan out of the bag (nothing happens when it held none). */
export async function removeMembership(scope: Scope, ref: BagRef, viewer: Viewer): Promise<CartWithToken> {
  const cartId = await requireCart(scope.db, ref);
  await scope.db.update(carts).set({ membershipPlanId: null }).where(eq(carts.id, cartId));
  await touch(scope.db, cartId);
  return view(scope.db, ref, cartId, viewer);
}
