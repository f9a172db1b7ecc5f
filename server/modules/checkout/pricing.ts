import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import type { DeliveryMethod, PromoCode } from "../../db/schema/index.ts";
import { asShopError, type ShopError } from "../../lib/shop-error.ts";
import { readCartLines, type CartLineView, type CartView } from "../cart/read.ts";
import { chooseMethod, deliveryOption, deliveryTo, type DeliveryOption } from "./delivery.ts";
import { emptyBag, soldOut } from "./errors.ts";
import { usablePromo } from "./promo.ts";
import { priceOrder, type QuoteLine, type QuoteTotals } from "./quote.ts";

/** A bag line as checkout keeps it: what the order's line will copy. */
export type CheckoutLine = QuoteLine & { slug: string; categorySlug: string };

export interface CheckoutChoices {
  country: string;
  deliveryMethod?: string | undefined;
  promoCode?: string | undefined;
  /** Who would use the promo code (promo.ts redeemersOf). */
  redeemers: readonly string[];
}

/** The bag priced for checkout: lines, the delivery methods to the country, the promo, the totals. */
export interface PricedBag {
  lines: CheckoutLine[];
  /** Lines that cannot be bought as they are, as errors naming them (NOT_ENOUGH_STOCK). */
  problems: ShopError[];
  /** The methods to the country, priced for these items; empty when the shop does not deliver there. */
  methods: DeliveryOption[];
  method: DeliveryMethod | null;
  promo: PromoCode | null;
  /** Why the promo code given cannot be used (PROMO_REFUSED), when it cannot. */
  promoError: ShopError | null;
  totals: QuoteTotals;
  /** What the shopper is shown, in a few characters: placing checks it still holds. */
  fingerprint: string;
}

/**
 * Prices the bag for checkout from the database (ADR 37). With `strict` (placing an order) every
 * problem throws: a line that cannot be bought, a method not offered, a promo code refused. Without
 * it (showing the checkout page) they are returned, so the page can say what to fix.
 */
export async function priceBag(
  db: Db,
  /** The bag's id, to read it and the delivery facts here; or both, read already (placing an order, a bag's totals). */
  source: number | { bag: CartView; delivery: { methods: DeliveryMethod[]; vatRateBasisPoints: number } },
  choices: CheckoutChoices,
  money: (minor: number) => string,
  strict: boolean,
): Promise<PricedBag> {
  const read = typeof source === "number" ? null : source;
  const bag = read?.bag ?? (await readCartLines(db, source as number, { withOptions: false }));
  const lines = bag.lines.map(lineOf);
  if (strict && lines.length === 0) throw emptyBag();
  const problems = bag.lines
    .filter((line) => !line.available || line.stock < line.quantity)
    .map((line) => soldOut(line, line.available ? line.stock : 0));
  if (strict && problems.length > 0) throw problems[0]!;
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);

  let promo: PromoCode | null = null;
  let promoError: ShopError | null = null;
  if (choices.promoCode) {
    try {
      promo = await usablePromo(db, choices.promoCode, subtotal, choices.redeemers, money);
    } catch (error) {
      if (strict || asShopError(error)?.code !== "PROMO_REFUSED") throw error;
      promoError = asShopError(error);
    }
  }
  const { methods: all, vatRateBasisPoints } = read?.delivery ?? (await deliveryTo(db, choices.country));
  const method: DeliveryMethod | null = strict
    ? chooseMethod(all, choices.country, choices.deliveryMethod ?? "")
    : (all.find((m) => m.id === choices.deliveryMethod) ?? all[0] ?? null);
  const totals = priceOrder({ lines, method, vatRateBasisPoints, promo });
  const items = totals.subtotal - totals.discount;
  return {
    lines,
    problems,
    methods: all.map((m) => deliveryOption(m, items)),
    method,
    promo,
    promoError,
    totals,
    fingerprint: fingerprintOf(lines, totals),
  };
}

// The one seam for member prices (issue 12): a line's unit price is decided here.
function lineOf(line: CartLineView): CheckoutLine {
  return {
    variantId: line.variantId,
    productId: line.productId,
    name: line.name,
    slug: line.slug,
    categorySlug: line.categorySlug,
    sku: line.sku,
    size: line.size,
    colour: line.colour,
    image: line.image?.path ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.unitPrice * line.quantity,
  };
}

function fingerprintOf(lines: readonly QuoteLine[], totals: QuoteTotals): string {
  const shown = { lines: lines.map((l) => [l.variantId, l.quantity, l.unitPrice]), totals };
  return createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 22);
}
