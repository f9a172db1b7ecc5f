import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * A membership plan (the content backend's `memberships`): what it costs for how long, and what a
 * member gets. `price` 0 is a free plan; `months` null never ends. Discounts are basis points.
 */
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: serial("id").primaryKey(),
    documentId: documentId(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: integer("price").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    months: integer("months"),
    benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
    discountBasisPoints: integer("discount_basis_points").notNull().default(0),
    freeDelivery: boolean("free_delivery").notNull().default(false),
    earlyAccess: boolean("early_access").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
  },
  (t) => [
    check("membership_plans_price_not_negative", sql`${t.price} >= 0`),
    check("membership_plans_discount_range", sql`${t.discountBasisPoints} between 0 and 10000`),
    check("membership_plans_months_positive", sql`${t.months} is null or ${t.months} > 0`),
  ],
);

/**
 * A customer's membership of a plan, from `startsAt` until `endsAt` (null: no end). One active
 * membership per customer; an ended one stays as history.
 */
export const memberships = pgTable(
  "memberships",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** False once the member cancelled: the membership runs to its end and is not renewed. */
    renews: boolean("renews").notNull().default(true),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /**
     * The paid order that started or last renewed it (null: the free plan). Unique: an order's
     * payment, told twice, activates it once.
     */
    orderId: integer("order_id")
      .unique()
      .references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /**
     * The staff account that granted it from the back office, free (ADR 61); null when the
     * customer joined or bought it. No foreign key: the fact outlives the account, as audit
     * entries do.
     */
    grantedBy: integer("granted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("memberships_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.active}`),
    index("memberships_ends_idx").on(t.endsAt),
  ],
);

/**
 * Each paid order that added time to a membership, with the months it added (null: a plan that
 * never ends). A cancelled or refunded order takes off its own months (`takenBackAt`); the
 * membership ends once no order is left (ADR 42). Unique per order: a payment told twice counts once.
 */
export const membershipOrders = pgTable("membership_orders", {
  id: serial("id").primaryKey(),
  membershipId: integer("membership_id")
    .notNull()
    .references(() => memberships.id, { onDelete: "cascade" }),
  orderId: integer("order_id")
    .notNull()
    .unique()
    .references((): AnyPgColumn => orders.id, { onDelete: "cascade" }),
  months: integer("months"),
  /** When the order was cancelled or refunded and its months taken off. */
  takenBackAt: timestamp("taken_back_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MembershipPlan = typeof membershipPlans.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
