import type { ProductDetail } from "../catalog/index.ts";
import {
  addToList,
  COMPARE_LIMIT,
  compareFull,
  removeFromList,
  unknownCompareProduct,
  type CompareList,
} from "./compare-list.ts";

/**
 * Finds a product the shop shows, by slug or id (the catalogue's productDetail). Passed in rather
 * than imported so the compare rules run without a database in tests, and this module holds no
 * state of its own: the list is the visitor's cookie.
 */
export type ProductLookup = (slugOrId: string) => Promise<ProductDetail | null>;

/**
 * The products named by ids or slugs, in that order, leaving out those the shop no longer shows
 * and repeats (a slug and the id of the same product). At most COMPARE_LIMIT lookups.
 */
export async function comparedProducts(lookup: ProductLookup, keys: readonly (number | string)[]): Promise<ProductDetail[]> {
  const found = await Promise.all(keys.slice(0, COMPARE_LIMIT).map((key) => lookup(String(key))));
  const products: ProductDetail[] = [];
  for (const product of found) if (product && !products.some((p) => p.id === product.id)) products.push(product);
  return products;
}

/**
 * Adds a product to the list. Throws PRODUCT_NOT_FOUND for a product the shop does not
 * show and COMPARE_FULL when the list already holds COMPARE_LIMIT products the shop still shows
 * (products that left the catalogue make room instead of blocking the list).
 */
export async function addToCompare(
  lookup: ProductLookup,
  list: CompareList,
  productId: number,
): Promise<{ list: CompareList; product: ProductDetail }> {
  const product = await lookup(String(productId));
  if (!product) throw unknownCompareProduct(productId);
  if (list.includes(productId) || list.length < COMPARE_LIMIT) return { list: addToList(list, productId), product };
  const available = (await comparedProducts(lookup, list)).map((p) => p.id);
  if (available.length >= COMPARE_LIMIT) throw compareFull();
  return { list: addToList(available, productId), product };
}

/** Removes a product; its name comes along for the message when the shop still shows it. */
export async function removeFromCompare(
  lookup: ProductLookup,
  list: CompareList,
  productId: number,
): Promise<{ list: CompareList; product: ProductDetail | null }> {
  return { list: removeFromList(list, productId), product: await lookup(String(productId)) };
}

/** A shared comparison's products made the visitor's list: those the shop still shows, in order. */
export async function keepAsList(lookup: ProductLookup, ids: readonly number[]): Promise<CompareList> {
  return (await comparedProducts(lookup, ids)).map((p) => p.id);
}
