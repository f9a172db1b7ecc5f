/*
 * What shoppers are told of an option's stock (no Node.js modules: the product page uses it too).
 * The count itself is the shop's business: it is shown only when few are left, as "Only 2 left".
 */

/** "Only N left" from this many down. */
export const LOW_STOCK = 5;

/** An option's stock as a shopper sees it: whether it can be bought, and how many are left when few are. */
export function stockShown(stock: number): { available: boolean; left: number | null } {
  return { available: stock > 0, left: stock > 0 && stock <= LOW_STOCK ? stock : null };
}
