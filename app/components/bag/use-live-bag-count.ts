import { useState } from "react";
import { useLive } from "~/lib/use-live";

const BAG_CHANGED = "subscription BagChanged { bagChanged { itemCount } }";

/**
 * The header's bag count, kept live for a customer while the bag changes in another tab or on
 * another device (GraphQL's bagChanged). `loaded` is the count the page's data holds; a newer load
 * replaces what was told before it.
 */
export function useLiveBagCount(loaded: number, customer: boolean): number {
  const [told, setTold] = useState<{ from: number; count: number } | null>(null);
  useLive(
    BAG_CHANGED,
    undefined,
    (data) => setTold({ from: loaded, count: (data.bagChanged as { itemCount: number }).itemCount }),
    customer,
  );
  return told !== null && told.from === loaded ? told.count : loaded;
}
