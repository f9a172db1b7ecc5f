import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sealed social login tokens already traded for a session (their SHA-256), so each works
 * once, in every process, by the page or the API alike. Rows go once the token would have
 * expired anyway.
 */
export const usedSocialTokens = pgTable(
  "used_social_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_social_tokens_expires_idx").on(t.expiresAt)],
);
