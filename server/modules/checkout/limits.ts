import { rateLimit, type RateLimitRule, type RateLimitStore } from "../rate-limit/index.ts";

/*
 * Checkout's limits (ADR 50): how much stock unpaid orders may hold, how many orders one
 * connection may place, how many order mails one mailbox is sent, how many promo codes may be
 * tried. Each is far above what a keeper, a club or an office sharing one address does, and far
 * below what a script needs to hold a category for a week, flood a mailbox or guess codes.
 */

const MINUTE = 60_000;

/**
 * Units of goods that unpaid orders may hold at once: per buyer (the order's mailbox, and the
 * account for a customer), and per client address (many buyers may share one: an office, a
 * school, a mobile network). Paid, cancelled and expired orders hold nothing here.
 */
export const UNPAID_UNITS = { perBuyer: 40, perAddress: 150 } as const;

export const CHECKOUT_RULES = {
  /** Orders placed from one client address (IPv6 by /64): twenty from one office in minutes pass. */
  ordersFromAddress: { name: "orders-from", limit: 30, windowMs: 60 * MINUTE },
  /** Order mails sent on placing to one mailbox (as back-in-stock's confirmations, ADR 47). */
  mailsToMailbox: { name: "order-mail-to", limit: 5, windowMs: 60 * MINUTE },
  /** Promo codes checked and refused, per client address and per bag: guessing stops here. */
  promoFromAddress: { name: "promo-from", limit: 60, windowMs: 15 * MINUTE },
  promoForBag: { name: "promo-bag", limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type CheckoutLimits = ReturnType<typeof checkoutLimits>;

export function checkoutLimits(store: RateLimitStore) {
  return {
    ordersFromAddress: rateLimit(store, CHECKOUT_RULES.ordersFromAddress),
    mailsToMailbox: rateLimit(store, CHECKOUT_RULES.mailsToMailbox),
    promoFromAddress: rateLimit(store, CHECKOUT_RULES.promoFromAddress),
    promoForBag: rateLimit(store, CHECKOUT_RULES.promoForBag),
  };
}
