/*
 * How an order is paid (ADR 38). The card method is named after its provider, Stripe: that one
 * name is the order's payment method, its payment rows' provider and its webhook events' provider,
 * so it is written here once. This file imports nothing: the database schema, the modules and the
 * pages (a radio button's value) all read it.
 */

export const BANK_TRANSFER = "bank-transfer";
/** Card payments through the provider's hosted page. */
export const CARD = "stripe";

export const PAYMENT_METHODS = [BANK_TRANSFER, CARD] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether an order is paid by card (whether or not the shop takes cards now). */
export const isCardOrder = (order: { paymentMethod: string }): boolean => order.paymentMethod === CARD;
