import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Settings the shop owner changes at run time (announcement text, contact address, ...). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SiteSetting = typeof siteSettings.$inferSelect;
