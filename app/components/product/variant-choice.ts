import type { ProductVariantDetail } from "../../../server/modules/catalog/shared.ts";
import { quantityCap } from "../../../server/modules/cart/shared.ts";
import { LOW_STOCK } from "../../../server/modules/catalog/shared.ts";

/*
 * The rules of a product page's option select, apart from how it looks: which colours and sizes
 * can be chosen given the other choice, what a new choice lands on, what the stock message says
 * and how many may go in the bag. Sizes and colours keep the owner's order (the variants' order).
 *
 * Sizes are disabled when the chosen colour does not come in them. Sold-out sizes, and colours
 * with nothing in stock, are marked but can be chosen, so a shopper can ask to be mailed when
 * they are back (ADR 47). A colour that lacks only the chosen size says so, and choosing it moves
 * to a size it has in stock. See docs/decisions/0019-product-page-data-and-option-select.md.
 */

export type Variant = ProductVariantDetail;

export type Availability = "available" | "sold-out" | "missing";

export interface SizeChoice {
  size: string;
  /** In the chosen colour. */
  availability: Availability;
}

export interface ColourChoice {
  name: string;
  hex: string;
  /** Some size of this colour is in stock. */
  buyable: boolean;
  /** The chosen size in this colour: in stock, sold out or not made. */
  inChosenSize: Availability;
}

const inStock = (variant: Variant) => variant.stock > 0;

/** The variant a page opens with: the one the address asks for (`?variant=`), else the first in stock, else the first. */
export function initialVariant(variants: readonly Variant[], requested: string | null | undefined): Variant {
  const asked = requested && /^\d{1,10}$/.test(requested) ? variants.find((v) => v.id === Number(requested)) : undefined;
  return asked ?? variants.find(inStock) ?? variants[0]!;
}

function availabilityOf(variant: Variant | undefined): Availability {
  if (!variant) return "missing";
  return inStock(variant) ? "available" : "sold-out";
}

export function findVariant(variants: readonly Variant[], colour: string, size: string): Variant | undefined {
  return variants.find((v) => v.colour === colour && v.size === size);
}

/** Every size of the product, and whether the chosen colour has it. */
export function sizeChoices(variants: readonly Variant[], colour: string): SizeChoice[] {
  const sizes = [...new Set(variants.map((v) => v.size))];
  return sizes.map((size) => ({ size, availability: availabilityOf(findVariant(variants, colour, size)) }));
}

/** Every colour of the product, whether it can be bought at all and whether in the chosen size. */
export function colourChoices(variants: readonly Variant[], size: string): ColourChoice[] {
  const colours = new Map<string, ColourChoice>();
  for (const variant of variants) {
    let choice = colours.get(variant.colour);
    if (!choice) {
      choice = {
        name: variant.colour,
        hex: variant.colourHex,
        buyable: false,
        inChosenSize: availabilityOf(findVariant(variants, variant.colour, size)),
      };
      colours.set(variant.colour, choice);
    }
    if (inStock(variant)) choice.buyable = true;
  }
  return [...colours.values()];
}

/** The variant a new colour lands on: the same size if that is in stock, else its first size in stock, else the same or first size. */
export function withColour(variants: readonly Variant[], current: Variant, colour: string): Variant {
  const same = findVariant(variants, colour, current.size);
  if (same && inStock(same)) return same;
  const ofColour = variants.filter((v) => v.colour === colour);
  return ofColour.find(inStock) ?? same ?? ofColour[0] ?? current;
}

/** The variant of the chosen colour in `size`; the current one when there is none. */
export function withSize(variants: readonly Variant[], current: Variant, size: string): Variant {
  return findVariant(variants, current.colour, size) ?? current;
}

export interface StockMessage {
  text: string;
  level: "out" | "low" | "in";
}

export function stockMessage(stock: number): StockMessage {
  if (stock <= 0) return { text: "Out of stock", level: "out" };
  if (stock <= LOW_STOCK) return { text: `Only ${stock} left`, level: "low" };
  return { text: "In stock", level: "in" };
}

/**
 * How many of a variant the quantity field allows: what the bag would take (its stock, at most
 * the bag's line limit; the bag's own quantityCap), so the page never offers what the bag refuses.
 */
export const quantityLimit = quantityCap;

/** A variant as one line of the select that works without JavaScript: "8 · Black", and why it cannot be chosen. */
export function variantLabel(variant: Variant, price?: string): string {
  const name = `${variant.size} · ${variant.colour}`;
  const withPrice = price ? `${name} · ${price}` : name;
  return inStock(variant) ? withPrice : `${withPrice} (sold out)`;
}

/** A live stock change as the shop tells it (GraphQL's StockChange): the count only when few are left. */
export interface StockShown {
  variantId: string;
  available: boolean;
  left: number | null;
}

/**
 * An option's stock after a live change: the count when few are left, none when sold out; when
 * plenty are, the page's own count if that was plenty too, else "more than a few" (the count
 * itself is not told), which is all the stock message and the quantity field need until the next
 * load, and the bag checks stock again anyway.
 */
export function stockAfter(before: number, change: Pick<StockShown, "available" | "left">): number {
  if (!change.available) return 0;
  if (change.left !== null) return change.left;
  return Math.max(before, LOW_STOCK + 1);
}
