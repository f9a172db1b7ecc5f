import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const COMMUNICATION_TOPICS = ["newsletter", "member-news", "order-updates"] as const;
export const COMMUNICATION_CHANNELS = ["email", "sms"] as const;

/** Whether a customer wants one topic on one channel; no row means the topic's default. */
export const communicationPreferences = pgTable(
  "communication_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: COMMUNICATION_TOPICS }).notNull(),
    channel: text("channel", { enum: COMMUNICATION_CHANNELS }).notNull(),
    optedIn: boolean("opted_in").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic, t.channel] })],
);

/**
 * Every change of consent, with when and through what it was made: the record a shop must be able
 * to show for marketing consent. Rows are only ever added.
 */
export const communicationPreferenceLog = pgTable(
  "communication_preference_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: COMMUNICATION_TOPICS }).notNull(),
    channel: text("channel", { enum: COMMUNICATION_CHANNELS }).notNull(),
    optedIn: boolean("opted_in").notNull(),
    /** Where the change was made: the account page, the customers API, GraphQL, sign-up. */
    source: text("source").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("communication_preference_log_user_idx").on(t.userId, t.changedAt)],
);

export type CommunicationPreference = typeof communicationPreferences.$inferSelect;
export type CommunicationPreferenceChange = typeof communicationPreferenceLog.$inferSelect;
