import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One login. Its id travels inside the signed token (as `sid`), and the token is only accepted
 * while this row says the session is open: logging out or changing the password closes it.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the visitor logged in: local, the login API, or a social provider's name. */
    strategy: text("strategy").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** When this session last proved the account's second factor (the back office asks for one, ADR 58). */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** The session's last back-office request: a back-office session ends after a while idle. */
    backOfficeSeenAt: timestamp("back_office_seen_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type Session = typeof sessions.$inferSelect;
