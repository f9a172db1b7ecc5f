import { useCallback, useState } from "react";
import { useLive } from "~/lib/use-live";
import { stockAfter, type StockShown } from "./variant-choice";

const STOCK_CHANGED =
  "subscription StockChanged($productId: ID!) { stockChanged(productId: $productId) { variantId available left } }";

/** An option's stock as the shop tells it, live or in an answer: the count only when few are left. */
export type StockChange = Pick<StockShown, "available" | "left">;

/** A product's options with their stock kept live (GraphQL's stockChanged) while the component is on the page. */
export function useLiveStock<V extends { id: number; stock: number }>(productId: number, variants: V[]): V[] {
  return useToldStock(productId, variants)[0];
}

/**
 * useLiveStock, and a way to tell it the stock of an option learnt otherwise (the back-in-stock
 * form's answer that the option is in stock now), kept until a newer change or a new load.
 */
export function useToldStock<V extends { id: number; stock: number }>(
  productId: number,
  variants: V[],
): [V[], (variantId: number, change: StockChange) => void] {
  // Stock told since the page's data was loaded, by option id; a new load starts afresh.
  const [told, setTold] = useState<{ from: V[]; stock: Map<number, number> }>({ from: variants, stock: new Map() });
  const current = told.from === variants ? told.stock : new Map<number, number>();
  const tell = useCallback(
    (id: number, change: StockChange) =>
      setTold((before) => {
        const stock = new Map(before.from === variants ? before.stock : []);
        const was = stock.get(id) ?? variants.find((v) => v.id === id)?.stock ?? 0;
        stock.set(id, stockAfter(was, change));
        return { from: variants, stock };
      }),
    [variants],
  );
  useLive(STOCK_CHANGED, { productId: String(productId) }, (data) => {
    const change = data.stockChanged as StockShown;
    tell(Number(change.variantId), change);
  });
  return [
    current.size === 0 ? variants : variants.map((v) => (current.has(v.id) ? { ...v, stock: current.get(v.id)! } : v)),
    tell,
  ];
}
