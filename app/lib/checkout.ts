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
  /** The membership plan bought with the order (ADR 42): one line, not delivered. */
  membership: { name: string; price: number } | null;
  /** False for a membership alone: no delivery method is asked or charged. */
  needsDelivery: boolean;
  /** What stops the order, line by line (sold out, fewer left). */
  problems: string[];
  methods: DeliveryOption[];
  methodId: string | null;
  promoCode: string | null;
  /** The promo code makes delivery free (its kind is free delivery): shown beside the delivery. */
  promoFreeDelivery: boolean;
  promoError: string | null;
  totals: QuoteTotals;
  /** What the shopper was shown: placing the order checks it still holds. */
  fingerprint: string;
}
