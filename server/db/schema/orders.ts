import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BANK_TRANSFER, PAYMENT_METHODS } from "./payment-methods.ts";
import { membershipPlans } from "./memberships.ts";
import { users } from "./users.ts";

/** The order's state machine (orders/state-machine.ts says which moves are allowed). */
export const ORDER_STATUSES = ["awaiting_payment", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { PAYMENT_METHODS, type PaymentMethod } from "./payment-methods.ts";

/** A text search vector (PostgreSQL's tsvector), read as its text. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Order numbers: KS-100001 onwards, one per order, never reused (a rolled-back order skips one). */
export const orderNumbers = pgSequence("order_numbers", { startWith: 100001 });

/**
 * A placed order: checkout writes it, the account area reads it. Amounts are integer minor units in
 * the order's currency, copied at the time of the order, as are the lines. Prices include VAT:
 * total = subtotal - discount + shipping, and `tax` is the VAT that total includes.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** The number shown to the customer and on mails. */
    number: text("number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    /** What member prices took off the items' list prices (already out of `subtotal`, ADR 41). */
    memberSavings: integer("member_savings").notNull().default(0),
    shipping: integer("shipping").notNull().default(0),
    /** The VAT included in the total, at the delivery country's rate. */
    tax: integer("tax").notNull().default(0),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(0),
    total: integer("total").notNull(),
    promoCode: text("promo_code"),
    deliveryMethodId: text("delivery_method_id"),
    deliveryMethodName: text("delivery_method_name"),
    /**
     * The membership plan the order buys (its line `membership-<slug>`); activated when the order is
     * paid. A plan an order bought cannot be deleted (the content API answers ENTRY_IN_USE).
     */
    membershipPlanId: integer("membership_plan_id").references(() => membershipPlans.id, { onDelete: "restrict" }),
    /** The plan's months when the order was placed (null: a plan that never ends): what paying activates. */
    membershipMonths: integer("membership_months"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default(BANK_TRANSFER),
    /** What a bank transfer must quote, so the shop can match the payment to the order. */
    paymentReference: text("payment_reference"),
    /** Until when the stock stays reserved for an unpaid order; then the order is cancelled. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** The key the checkout request carried, prefixed by who sent it; a replay finds this order. */
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of what was asked for under that key: the same key with another request is refused. */
    requestHash: text("request_hash"),
    carrier: text("carrier"),
    trackingUrl: text("tracking_url"),
    /** How much of the total has been paid back (minor units). */
    refunded: integer("refunded").notNull().default(0),
    /** The delivery address as it was when ordering (JSON text), so later edits do not rewrite history. */
    deliveryAddress: text("delivery_address"),
    /**
     * Whom an unpaid order's held stock counts against (ADR 50): the client address it was placed
     * from (addressKey: IPv6 by /64; null for orders placed before it was kept) and the mailbox of
     * its e-mail address (mailboxKey: `+tags` and Gmail's dots are one mailbox).
     */
    placedFrom: text("placed_from"),
    mailbox: text("mailbox"),
    /**
     * Read out of the address snapshot by the database (generated, never written): the delivery
     * country (upper case) and the buyer's name and company as words, which the back office's
     * order list filters and searches by (ADR 60). Text that is not JSON gives null.
     */
    shipCountry: text("ship_country").generatedAlwaysAs(sql`order_ship_country(delivery_address)`),
    buyerWords: tsvector("buyer_words").generatedAlwaysAs(sql`order_buyer_words(delivery_address)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_email_idx").on(t.email),
    uniqueIndex("orders_idempotency_unique").on(t.idempotencyKey),
    index("orders_reserved_idx")
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'awaiting_payment'`),
    // What unpaid orders hold, per address and per mailbox (checkout/holding-limits.ts).
    index("orders_unpaid_from_idx")
      .on(t.placedFrom)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index("orders_unpaid_mailbox_idx")
      .on(t.mailbox)
      .where(sql`${t.status} = 'awaiting_payment'`),
    check("orders_refunded_range", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`),
    // The back office's order list (ADR 60): newest or largest first, by status, by delivery
    // country; search by e-mail prefix and by the words of the buyer's name.
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_total_idx").on(t.total, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_country_created_idx").on(t.shipCountry, t.createdAt, t.id),
    index("orders_email_prefix_idx").on(t.email.op("text_pattern_ops")),
    index("orders_buyer_words_idx").using("gin", t.buyerWords),
  ],
);

/** The order's status history: one row per change, with when and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id"),
    variantId: integer("variant_id"),
    productName: text("product_name").notNull(),
    productSlug: text("product_slug"),
    categorySlug: text("category_slug"),
    size: text("size"),
    colour: text("colour"),
    sku: text("sku"),
    /** The product's first image when ordered (a path the image endpoint serves). */
    image: text("image"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
