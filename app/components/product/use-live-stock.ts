import { useState } from "react";
import { useLive } from "~/lib/use-live";
import { stockAfter, type StockShown } from "./variant-choice";

const STOCK_CHANGED =
  "subscription StockChanged($productId: ID!) { stockChanged(productId: $productId) { variantId available left } }";

/** A product's options with their stock kept live (GraphQL's stockChanged) while the component is on the page. */
export function useLiveStock<V extends { id: number; stock: number }>(productId: number, variants: V[]): V[] {
  // Stock told since the page's data was loaded, by option id; a new load starts afresh.
  const [told, setTold] = useState<{ from: V[]; stock: Map<number, number> }>({ from: variants, stock: new Map() });
  const current = told.from === variants ? told.stock : new Map<number, number>();
  useLive(STOCK_CHANGED, { productId: String(productId) }, (data) => {
    const change = data.stockChanged as StockShown;
    const id = Number(change.variantId);
    setTold((before) => {
      const stock = new Map(before.from === variants ? before.stock : []);
      const was = stock.get(id) ?? variants.find((v) => v.id === id)?.stock ?? 0;
      stock.set(id, stockAfter(was, change));
      return { from: variants, stock };
    });
  });
  return current.size === 0 ? variants : variants.map((v) => (current.has(v.id) ? { ...v, stock: current.get(v.id)! } : v));
}
