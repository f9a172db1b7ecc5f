import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/**
 * What a kind of user may do beyond shopping: each role grants scopes (SPEC §6), such as
 * "content" (write news and pages) or "staff" (order operations). Seeded with customer, editor,
 * staff and owner (ADR 39); a user has one role, plus any scope given to them alone.
 */
export const roles = pgTable("roles", {
  name: text("name").primaryKey(),
  description: text("description").notNull().default(""),
  scopes: jsonb("scopes").$type<string[]>().notNull().default([]),
});

export type Role = typeof roles.$inferSelect;
