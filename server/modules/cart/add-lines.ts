import { asShopError } from "../../lib/shop-error.ts";
import type { Scope } from "../../lib/scope.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import { addLine } from "./add-line.ts";
import type { BagRef } from "./bag-rows.ts";
import type { Viewer } from "../catalog/index.ts";

/** An item to put back in the bag ("Buy again"): its option while it exists, and its name to tell. */
export interface ItemToAdd {
  variantId: number | null;
  quantity: number;
  name: string;
}

/**
 * Puts several items in the bag, each as one add of its own: what stock, the line limit or the
 * bag's size allows goes in; what does not (sold out, withdrawn, no longer an option) is named in
 * `missed`, and the others still go in. Anything but a refusal is a bug and is thrown.
 */
export async function addLines(
  scope: Scope,
  ref: BagRef,
  items: readonly ItemToAdd[],
  viewer: Viewer,
  newBags: RateLimiter | undefined,
): Promise<{ added: number; missed: string[] }> {
  let added = 0;
  const missed: string[] = [];
  for (const item of items) {
    if (item.variantId === null) {
      missed.push(item.name);
      continue;
    }
    try {
      await addLine(scope, ref, { variantId: item.variantId, quantity: item.quantity }, viewer, newBags);
      added += 1;
    } catch (error) {
      if (!asShopError(error)) throw error;
      missed.push(item.name);
    }
  }
  return { added, missed };
}
