import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";
import { variants } from "./variants.ts";

/**
 * A shopper's request to be mailed when a sold-out option is back in stock. It is answered once:
 * a sweep claims it once its option is in stock, writes its mail to the outbox and sets
 * `notified_at`, which ends the request, in one transaction (ADR 47). Cancelled requests are deleted.
 *
 * - The address is stored lower-cased and trimmed; one address waits once per option.
 * - The cancel link's token is stored as its SHA-256 only, like the accounts' mailed codes.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The account that asked, when logged in; the request outlives a deleted account's link. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the back-in-stock mail was written: the request has ended. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_waiting_unique")
      .on(t.variantId, t.email)
      .where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_user_idx").on(t.userId),
  ],
);

export type StockAlert = typeof stockAlerts.$inferSelect;
