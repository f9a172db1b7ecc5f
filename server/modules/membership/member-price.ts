/*
 * Member prices (ADR 41): one pure rule, used by the bag, checkout and orders on the server and by
 * product cards and the product page in the browser (no imports, so pages may load it).
 *
 * An option's member price is the lower of its own `memberPrice` (when the owner set one) and
 * the member's plan discount off its list price, rounded to the minor unit, half up. Members pay
 * that (an own member price applies to every member, the free plan's too); everyone else is shown
 * what members pay ("Members pay X"), at the best published plan's discount.
 */

/** What the rule reads of an option: its list price and its own member price (minor units). */
export interface PricedOption {
  price: number;
  memberPrice?: number | null;
}

/** Whose price: a member's (their plan's discount), or a non-member's (the best plan's, to show). */
export interface PriceRule {
  member: boolean;
  /** A member: their plan's discount. A non-member: the best published plan's, for "Members pay X". */
  discountBasisPoints: number;
}

/** The price a list price becomes at a discount in basis points: rounded to the minor unit, half up. */
export function discounted(price: number, basisPoints: number): number {
  const bp = Math.min(Math.max(Math.trunc(basisPoints), 0), 10_000);
  return Math.floor((price * (10_000 - bp) + 5_000) / 10_000);
}

/**
 * What a member of a plan with this discount pays for the option: the lower of its own member
 * price and the discounted list price; never more than the list price.
 */
export function memberPriceOf(option: PricedOption, discountBasisPoints: number): number {
  const byPlan = discounted(option.price, discountBasisPoints);
  const own = option.memberPrice;
  return own != null ? Math.min(own, byPlan, option.price) : byPlan;
}

/** What the viewer pays for the option: members their member price, everyone else the list price. */
export function unitPriceFor(rule: PriceRule, option: PricedOption): number {
  return rule.member ? memberPriceOf(option, rule.discountBasisPoints) : option.price;
}

/**
 * "Members pay X": the price to show a non-member beside the list price, or null when members pay
 * no less (no member price of its own and no plan discount), and for members themselves.
 */
export function membersPay(rule: PriceRule, option: PricedOption): number | null {
  if (rule.member) return null;
  const price = memberPriceOf(option, rule.discountBasisPoints);
  return price < option.price ? price : null;
}

/** A short key of a rule, for caches whose content shows prices (product cards' HTML). */
export function priceRuleKey(rule: PriceRule): string {
  return `${rule.member ? "m" : "g"}${rule.discountBasisPoints}`;
}
