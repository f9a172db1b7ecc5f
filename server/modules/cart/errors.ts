import { ShopError } from "../../lib/shop-error.ts";
import { MAX_BAG_LINES, MAX_LINE_QUANTITY } from "./limits.ts";

/* The bag's failures, as ShopErrors (ADR 34); each adapter maps the code to its wire shape. */

/** No bag has this token (never created, pruned, or a made-up token). */
export const cartNotFound = () => new ShopError("CART_NOT_FOUND", "This bag does not exist.");

export const cartLineNotFound = (lineId: number) =>
  new ShopError("CART_LINE_NOT_FOUND", "This item is no longer in the bag.", { details: { lineId } });

/** The option does not exist, or its product is not for sale (unpublished, members-only). */
export const variantNotFound = (variantId: number) =>
  new ShopError("VARIANT_NOT_FOUND", "This option is not available.", { details: { variantId } });

/**
 * More was asked for than is in stock, or than a line may hold (`capped`); `available` is how many
 * more the bag may take (0 when none).
 */
export const notEnoughStock = (available: number, inBag: number, capped = false) =>
  new ShopError(
    "NOT_ENOUGH_STOCK",
    capped ? `Sorry, you can order at most ${MAX_LINE_QUANTITY} of one option.` : stockMessage(available, inBag),
    { field: "quantity", details: { available, inBag } },
  );

/** A new option for a bag that already holds MAX_BAG_LINES different ones. */
export const bagFull = () =>
  new ShopError("BAG_FULL", `Sorry, a bag holds at most ${MAX_BAG_LINES} different items: remove one to add another.`);

/** Too many new guest bags from one network address: a script, not a shopper. */
export const tooManyNewBags = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many new bags from your network. Please try again in a few minutes.", {
    retryAfterSeconds,
  });

/** A step down from a quantity of 1: removing is its own action. */
export const quantityBelowOne = () =>
  new ShopError("INVALID_INPUT", "Quantity must be at least 1: remove the item instead.", { field: "quantity" });

function stockMessage(available: number, inBag: number): string {
  if (available <= 0 && inBag > 0) return `Sorry, there are no more in stock: your bag already holds all ${inBag}.`;
  if (available <= 0) return "Sorry, this option is out of stock.";
  if (inBag > 0) return `Sorry, only ${available} more can be added: your bag already holds ${inBag}.`;
  return `Sorry, only ${available} left in stock.`;
}
