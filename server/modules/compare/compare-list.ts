import { ShopError } from "../../lib/shop-error.ts";

/*
 * The visitor's compare list: product ids in the order they were added, at most COMPARE_LIMIT.
 * Pure functions; where the list is kept (a cookie) is cookies.ts's business.
 */

/** How many products can be compared side by side (issue 3: "up to 4"). */
export const COMPARE_LIMIT = 4;

/** What a shopper reads when the list is full. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} products. Remove one to add another.`;

/** Product ids are PostgreSQL integers (serial): anything larger names no product. */
export const MAX_PRODUCT_ID = 2_147_483_647;

export type CompareList = readonly number[];

/** Adding a product to a list that already holds COMPARE_LIMIT products. */
export const compareFull = () => new ShopError("COMPARE_FULL", COMPARE_FULL_MESSAGE, { details: { limit: COMPARE_LIMIT } });

/** The product to add does not exist, or the shop does not show it (unpublished, members-only, nothing to buy). */
export const unknownCompareProduct = (productId: number) =>
  new ShopError("PRODUCT_NOT_FOUND", "This product cannot be compared.", { details: { productId } });

/** The list with `productId` at its end; unchanged when it is already there. Throws COMPARE_FULL. */
export function addToList(list: CompareList, productId: number): CompareList {
  if (list.includes(productId)) return list;
  if (list.length >= COMPARE_LIMIT) throw compareFull();
  return [...list, productId];
}

export function removeFromList(list: CompareList, productId: number): CompareList {
  return list.filter((id) => id !== productId);
}

export function isProductId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_PRODUCT_ID;
}

/** Same products, whatever their order. */
export function sameProducts(a: CompareList, b: CompareList): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
