import { useState } from "react";
import { useLive } from "~/lib/use-live";

const BAG_CHANGED = "subscription BagChanged { bagChanged { itemCount } }";

/**
 * The header's bag count, kept live for a customer while the bag changes in another tab or on
 * another device (GraphQL's bagChanged). `loaded` is the page data holding the count; a newer load
 * (a new object) replaces what was told before it.
 */
export function useLiveBagCount(loaded: { bagCount: number } | undefined, customer: boolean): number {
  const [told, setTold] = useState<{ from: object | undefined; count: number } | null>(null);
  useLive(
    BAG_CHANGED,
    undefined,
    (data) => setTold({ from: loaded, count: (data.bagChanged as { itemCount: number }).itemCount }),
    customer,
  );
  return told !== null && told.from === loaded ? told.count : (loaded?.bagCount ?? 0);
}
