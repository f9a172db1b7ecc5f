import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { membershipPlans } from "./memberships.ts";
import { users } from "./users.ts";
import { variants } from "./variants.ts";

/**
 * A shopper's bag. The shopper holds a random token (the cart cookie, or the id a shop API client
 * was given); only its SHA-256 is stored, so reading the table does not hand out bags.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The customer whose bag this is; null for a guest's. A customer has at most one bag. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a shop API client chose for checkout (PATCH /ecommerce/carts/{id}): the delivery
     * country, method and promo code; with a country and a method the bag answers with its totals.
     */
    country: text("country"),
    deliveryMethodId: text("delivery_method_id"),
    promoCode: text("promo_code"),
    /**
     * The membership plan the bag holds (at most one; only a customer's bag): bought through
     * checkout like the goods, activated once its order is paid (ADR 42).
     */
    membershipPlanId: integer("membership_plan_id").references(() => membershipPlans.id, { onDelete: "set null" }),
    /** Moved on every change; bags untouched for long are pruned by it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_updated_idx").on(t.updatedAt),
    uniqueIndex("carts_user_unique")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/** One option of a product in a bag. Prices are never stored here: they are read when the bag is. */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_cart_variant_unique").on(t.cartId, t.variantId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;
