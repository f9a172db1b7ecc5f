import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * The newsletter's list, one row per address (lower-cased, trimmed), whether or not it belongs to
 * an account (ADR 40). An address is mailed newsletters only while `confirmed`: it was signed up,
 * then the link mailed to it was followed (double opt-in).
 *
 * - The confirmation link's token is stored as its SHA-256 only, like the accounts' mailed codes;
 *   it is kept after confirming so the same link answers "confirmed" again, and dropped when the
 *   address unsubscribes.
 * - The unsubscribe link's token is not stored at all: it is `unsubscribe_key` with an HMAC of it
 *   under a key derived from the shop's secret, so every marketing mail can carry it without the
 *   table holding anything that unsubscribes an address.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("pending"),
    /** Where the latest sign-up came from (footer, launch, account, api): kept with the consent. */
    source: text("source").notNull(),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** Random, 128 bits: what the unsubscribe token signs (see above). */
    unsubscribeKey: text("unsubscribe_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the address was last confirmed: the record of its consent, with `source`. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_subscriptions_status_idx").on(t.status)],
);

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
