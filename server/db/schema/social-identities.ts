import { index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** An account at a social login provider, linked to a customer: found again by the provider's subject. */
export const socialIdentities = pgTable(
  "social_identities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("social_identities_provider_subject_unique").on(t.provider, t.subject),
    index("social_identities_user_idx").on(t.userId),
  ],
);

export type SocialIdentity = typeof socialIdentities.$inferSelect;
