import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { PriceRule } from "../../server/modules/membership/shared.ts";

/** Nobody's plan: list prices, and no "Members pay" line. */
const LIST_PRICES: PriceRule = { member: false, discountBasisPoints: 0 };

/**
 * How this visitor is shown prices (ADR 41): a member their plan's member prices, everyone else
 * the list price and what members pay. The root loader reads it per request (it is the one piece
 * of price data that differs between visitors; listings and products are shared answers).
 */
export function usePriceRule(): PriceRule {
  return useRouteLoaderData<typeof rootLoader>("root")?.pricing ?? LIST_PRICES;
}
