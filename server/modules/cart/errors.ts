import { MAX_BAG_LINES, MAX_LINE_QUANTITY } from "./schemas.ts";
import { errorNameMatcher } from "../../lib/error-names.ts";

/** The bag's typed failures; each adapter maps them to its wire shape (status, GraphQL code, page message). */
export class CartError extends Error {}

/** No bag has this token (never created, pruned, or a made-up token). */
export class CartNotFoundError extends CartError {
  override name = "CartNotFoundError";
  constructor() {
    super("This bag does not exist.");
  }
}

export class CartLineNotFoundError extends CartError {
  override name = "CartLineNotFoundError";
  constructor(readonly lineId: number) {
    super("This item is no longer in the bag.");
  }
}

/** The option does not exist, or its product is not for sale (unpublished, members-only). */
export class VariantNotFoundError extends CartError {
  override name = "VariantNotFoundError";
  constructor(readonly variantId: number) {
    super("This option is not available.");
  }
}

/**
 * More was asked for than is in stock, or than a line may hold (`capped`); `available` is how many
 * more the bag may take (0 when none).
 */
export class NotEnoughStockError extends CartError {
  override name = "NotEnoughStockError";
  constructor(
    readonly available: number,
    readonly inBag: number,
    readonly capped = false,
  ) {
    super(capped ? `Sorry, a bag holds at most ${MAX_LINE_QUANTITY} of one option.` : stockMessage(available, inBag));
  }
}

/** A new option for a bag that already holds MAX_BAG_LINES different ones. */
export class BagFullError extends CartError {
  override name = "BagFullError";
  constructor() {
    super(`Sorry, a bag holds at most ${MAX_BAG_LINES} different items: remove one to add another.`);
  }
}

/** Too many new guest bags from one network address: a script, not a shopper. */
export class TooManyNewBagsError extends CartError {
  override name = "TooManyNewBagsError";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many new bags from your network. Please try again in a few minutes.");
  }
}

/** A step down from a quantity of 1: removing is its own action. */
export class CartQuantityError extends CartError {
  override name = "CartQuantityError";
  constructor() {
    super("Quantity must be at least 1: remove the item instead.");
  }
}

function stockMessage(available: number, inBag: number): string {
  if (available <= 0 && inBag > 0) return `Sorry, there are no more in stock: your bag already holds all ${inBag}.`;
  if (available <= 0) return "Sorry, this option is out of stock.";
  if (inBag > 0) return `Sorry, only ${available} more can be added: your bag already holds ${inBag}.`;
  return `Sorry, only ${available} left in stock.`;
}

const CART_ERROR_NAMES = [
  "CartNotFoundError",
  "CartLineNotFoundError",
  "VariantNotFoundError",
  "NotEnoughStockError",
  "BagFullError",
  "TooManyNewBagsError",
  "CartQuantityError",
] as const;

export type CartErrorName = (typeof CART_ERROR_NAMES)[number];

/** Which bag failure `error` is, by name (see errorNameMatcher for why not `instanceof`). */
export const cartErrorName = errorNameMatcher(CART_ERROR_NAMES);
