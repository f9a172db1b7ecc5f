import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Single-use codes mailed to a customer: to confirm an e-mail address or to reset a password.
 * Only the code's SHA-256 is stored, so the table cannot be used to take over accounts.
 */
export const accountCodes = pgTable(
  "account_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["email-confirmation", "password-reset"] }).notNull(),
    codeHash: text("code_hash").notNull().unique(),
    /** The address being confirmed: the account's own, or a new one it is changing to. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("account_codes_user_idx").on(t.userId, t.purpose)],
);

export type AccountCode = typeof accountCodes.$inferSelect;
