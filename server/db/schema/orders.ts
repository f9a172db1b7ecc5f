import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const ORDER_STATUSES = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;

/**
 * A placed order. Checkout (a later issue) writes them; the account area reads them. Amounts are
 * integer minor units in the order's currency, copied at the time of the order, as are the lines.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** The number shown to the customer and on mails. */
    number: text("number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    shipping: integer("shipping").notNull().default(0),
    total: integer("total").notNull(),
    /** The delivery address as it was when ordering (JSON text), so later edits do not rewrite history. */
    deliveryAddress: text("delivery_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("orders_user_idx").on(t.userId, t.createdAt)],
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
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
