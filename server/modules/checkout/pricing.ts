import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import type { DeliveryMethod, PromoCode } from "../../db/schema/index.ts";
import { asShopError, invalidInput, type ShopError } from "../../lib/shop-error.ts";
import {
  membershipLineName,
  readCartLines,
  type BagMembership,
  type CartLineView,
  type CartView,
  MAX_LINE_QUANTITY,
} from "../cart/index.ts";
import { planNotForSale } from "../membership/index.ts";
import type { Viewer } from "../catalog/index.ts";
import { chooseMethod, deliveryOption, deliveryTo, type DeliveryFacts, type DeliveryOption } from "./delivery.ts";
import { findCountry } from "../customers/index.ts";
import { emptyBag, noDeliveryTo, promoRefused, soldOut, tooManyOfOneOption } from "./errors.ts";
import { usablePromo } from "./promo.ts";
import type { PromoTries } from "./promo-tries.ts";
import { deliveryPrice, priceOrder, type QuoteLine, type QuoteTotals } from "./quote.ts";

/** A bag line as checkout keeps it: what the order's line will copy. */
export type CheckoutLine = QuoteLine & { slug: string; categorySlug: string };

export interface CheckoutChoices {
  country: string;
  deliveryMethod?: string | undefined;
  promoCode?: string | undefined;
  /** Who would use the promo code (promo.ts redeemersOf). */
  redeemers: readonly string[];
  /**
   * Who buys, as far as benefits go (ADR 41): member prices and free delivery. The bag's lines
   * read here are priced for them; a bag read already must have been read for them too.
   */
  viewer: Viewer;
  /**
   * Counts the check of a promo code against the visitor and the bag (promo-tries.ts): given when
   * the code was typed by whoever asks now (the page, a bag's choice, an order), not for a code
   * kept with a bag (its totals).
   */
  promoTries?: PromoTries;
}

/** A membership plan bought with the order (ADR 42): one line, no delivery. */
export interface MembershipLine {
  planId: number;
  slug: string;
  /** "Pro membership (12 months)": the order line's name. */
  name: string;
  /** The order line's sku: `membership-<slug>`. */
  sku: string;
  months: number | null;
  price: number;
}

/** The bag priced for checkout: lines, the delivery methods to the country, the promo, the totals. */
export interface PricedBag {
  lines: CheckoutLine[];
  /** The membership plan the bag holds, priced from the plan now; null: none. */
  membership: MembershipLine | null;
  /**
   * Whether the order is delivered: false for a bag holding only a membership, whose checkout
   * asks for no method and charges no delivery (the address still sets the VAT country).
   */
  needsDelivery: boolean;
  /** Lines that cannot be bought as they are, as errors naming them (NOT_ENOUGH_STOCK). */
  problems: ShopError[];
  /** The methods to the country, priced for these items; empty when the shop does not deliver there. */
  methods: DeliveryOption[];
  method: DeliveryMethod | null;
  promo: PromoCode | null;
  /** Why the promo code given cannot be used (PROMO_REFUSED), or is not looked at (TOO_MANY_REQUESTS: too many tried). */
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
  source: number | { bag: CartView; delivery: DeliveryFacts },
  choices: CheckoutChoices,
  money: (minor: number) => string,
  strict: boolean,
): Promise<PricedBag> {
  const read = typeof source === "number" ? null : source;
  const bag = read?.bag ?? (await readCartLines(db, source as number, choices.viewer, { withOptions: false }));
  const lines = bag.lines.map(lineOf);
  const membership = bag.membership ? membershipLineOf(bag.membership) : null;
  if (strict && lines.length === 0 && !membership) throw emptyBag();
  const problems = bag.lines
    .filter((line) => !line.available || line.stock < line.quantity)
    .map((line) => soldOut(line, line.available ? line.stock : 0));
  // The per-option cap of the bag (ADR 50), for a line put there before it was lowered.
  for (const line of bag.lines) if (line.quantity > MAX_LINE_QUANTITY) problems.push(tooManyOfOneOption(line));
  if (bag.membership && !bag.membership.available) problems.push(planNotForSale(bag.membership.slug));
  if (strict && problems.length > 0) throw problems[0]!;
  const needsDelivery = lines.length > 0;
  // The promo's minimum spend counts the goods: a code never applies to a membership.
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);

  let promo: PromoCode | null = null;
  let promoBase = subtotal;
  let promoError: ShopError | null = null;
  if (choices.promoCode) {
    try {
      await choices.promoTries?.count();
      ({ promo, base: promoBase } = await usablePromo(db, choices.promoCode, lines, choices.redeemers, money));
      await choices.promoTries?.known();
    } catch (error) {
      const refused = asShopError(error);
      // A real code refused for its terms (minimum spend, dates, used) is no guess: the page is
      // priced again at each change of address or delivery, and that must not use up the tries.
      if (refused?.code === "PROMO_REFUSED" && refused.details?.reason !== "unknown") await choices.promoTries?.known();
      if (strict || (refused?.code !== "PROMO_REFUSED" && refused?.field !== "promoCode")) throw error;
      promoError = refused;
    }
  }
  const { methods: all, vatRateBasisPoints, sold } = read?.delivery ?? (await deliveryTo(db, choices.country));
  // Nothing to deliver still needs a country the shop sells to: the address sets the VAT.
  if (!needsDelivery && membership && !sold) {
    const refused = noDeliveryTo(findCountry(choices.country)?.name ?? choices.country);
    if (strict) throw refused;
    problems.push(refused);
  }
  if (strict && needsDelivery && !choices.deliveryMethod) throw invalidInput("deliveryMethod", "Choose a delivery method.");
  // Nothing to deliver (a membership alone): no method is chosen or charged.
  const method: DeliveryMethod | null = !needsDelivery
    ? null
    : strict
      ? chooseMethod(all, choices.country, choices.deliveryMethod ?? "")
      : (all.find((m) => m.id === choices.deliveryMethod) ?? all[0] ?? null);
  const { freeDelivery } = choices.viewer;
  // A free-delivery code on a delivery that costs nothing already would use up a use for nothing.
  if (promo?.kind === "free_delivery" && method && deliveryPrice(method, subtotal, freeDelivery) === 0) {
    const refused = promoRefused("delivery-free");
    if (strict) throw refused;
    [promo, promoError] = [null, refused];
  }
  const totals = priceOrder({
    lines,
    method,
    vatRateBasisPoints,
    promo,
    promoBase,
    freeDelivery,
    membershipPrice: membership?.price ?? 0,
  });
  const items = subtotal - totals.discount;
  const codeDelivers = promo?.kind === "free_delivery";
  return {
    lines,
    membership,
    needsDelivery,
    problems,
    methods: needsDelivery
      ? all.map((m) => ({ ...deliveryOption(m, items, freeDelivery), ...(codeDelivers ? { price: 0 } : {}) }))
      : [],
    method,
    promo,
    promoError,
    totals,
    fingerprint: fingerprintOf(lines, membership, totals),
  };
}

// A line's unit price is the bag's, read for the buyer (cart/read.ts: member prices, ADR 41),
// from the database: never a price a client sent.
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
    ...(line.listPrice !== line.unitPrice ? { listPrice: line.listPrice } : {}),
    lineTotal: line.unitPrice * line.quantity,
  };
}

function membershipLineOf(plan: BagMembership): MembershipLine {
  return {
    planId: plan.planId,
    slug: plan.slug,
    name: membershipLineName(plan),
    sku: `membership-${plan.slug}`,
    months: plan.months,
    price: plan.price,
  };
}

function fingerprintOf(lines: readonly QuoteLine[], membership: MembershipLine | null, totals: QuoteTotals): string {
  const shown = {
    lines: lines.map((l) => [l.variantId, l.quantity, l.unitPrice]),
    ...(membership ? { membership: [membership.planId, membership.price, membership.months] } : {}),
    totals,
  };
  return createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 22);
}
