import type { CatalogueIndex } from "./listing/catalogue-index.ts";
import type { ProductCard } from "./product-cards.ts";

/*
 * "You may also like" on a product page, from the listing's in-memory read model (no SQL): other
 * products of the same sub-category, topped up from the category when the sub-category has too
 * few; in stock first, then in the listings' default (featured) order. Answers are kept per
 * read model, which is replaced as a whole when the catalogue is re-read.
 */

interface Memo {
  positions: Map<number, number>;
  answers: Map<string, ProductCard[]>;
}

const memos = new WeakMap<CatalogueIndex, Memo>();

function memoOf(index: CatalogueIndex): Memo {
  let memo = memos.get(index);
  if (!memo) {
    memo = { positions: new Map(index.cards.map((card, i) => [card.id, i])), answers: new Map() };
    memos.set(index, memo);
  }
  return memo;
}

/** Up to `count` cards related to the product; none when the read model does not list it. */
export function relatedProducts(index: CatalogueIndex, productId: number, count: number): ProductCard[] {
  const memo = memoOf(index);
  const key = `${productId}:${count}`;
  const known = memo.answers.get(key);
  if (known) return known;
  const self = memo.positions.get(productId);
  if (self === undefined || count < 1) return [];

  const { products } = index;
  const pools: Int32Array[] = [];
  const sub = products.sub[self]!;
  if (sub >= 0) pools.push(index.subs[sub]!.products);
  pools.push(index.categoryList[products.category[self]!]!.products);

  const rank = index.ranks.featured;
  // In stock first, then by featured rank: a smaller key comes first.
  const order = (i: number) => (products.inStock[i] === 1 ? 0 : index.cards.length) + rank[i]!;
  const picked: number[] = [];
  for (const pool of pools) {
    if (picked.length >= count) break;
    const best = firstBy(pool, count - picked.length, order, (i) => i !== self && !picked.includes(i));
    picked.push(...best);
  }
  const cards = picked.map((i) => index.cards[i]!);
  memo.answers.set(key, cards);
  return cards;
}

/** The `count` members of `pool` with the smallest keys, in key order, in one pass. */
function firstBy(pool: Int32Array, count: number, key: (i: number) => number, wanted: (i: number) => boolean): number[] {
  const best: number[] = [];
  for (const i of pool) {
    if (!wanted(i)) continue;
    const k = key(i);
    if (best.length === count && k >= key(best[count - 1]!)) continue;
    let at = best.length;
    while (at > 0 && key(best[at - 1]!) > k) at--;
    best.splice(at, 0, i);
    if (best.length > count) best.pop();
  }
  return best;
}
