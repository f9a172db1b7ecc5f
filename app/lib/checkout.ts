import type { DeliveryOption, QuoteTotals } from "../../server/modules/checkout/index.ts";

/** The checkout page's summary of the priced bag (lib/checkout.server.ts makes it). Money in minor units. */
export interface CheckoutSummaryData {
  lines: {
    variantId: number;
    name: string;
    size: string;
    colour: string;
    image: string | null;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[];
  /** What stops the order, line by line (sold out, fewer left). */
  problems: string[];
  methods: DeliveryOption[];
  methodId: string | null;
  promoCode: string | null;
  promoError: string | null;
  totals: QuoteTotals;
  /** What the shopper was shown: placing the order checks it still holds. */
  fingerprint: string;
}
