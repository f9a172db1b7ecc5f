import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders, PAYMENT_METHODS } from "./orders.ts";

/**
 * `processing`: completed with a method that settles later (a bank debit); the order waits for it once.
 * `mismatch`: the provider took an amount or currency other than the order's total (issue 22 §7):
 * the order is not paid by it; its amount and currency are then what was taken, for the staff.
 */
export const PAYMENT_STATUSES = ["pending", "processing", "paid", "failed", "expired", "refunded", "mismatch"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One attempt to be paid for an order through a provider (a Stripe Checkout Session). */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The provider's id for it (a Checkout Session's id). */
    providerRef: text("provider_ref"),
    /** Where to send the shopper to pay (the hosted page). */
    redirectUrl: text("redirect_url"),
    /** The provider's id of the charge, once paid: refunds name it. */
    providerPaymentRef: text("provider_payment_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_provider_ref_unique").on(t.provider, t.providerRef),
    // The back office's card payments needing attention: held ones, and those refunded lately (ADR 60).
    index("payments_status_updated_idx").on(t.status, t.updatedAt),
  ],
);

/** Webhook events already handled, by the provider's event id: a duplicate changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Payment = typeof payments.$inferSelect;
