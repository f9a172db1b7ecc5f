import { boolean, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { documentId } from "./document-id.ts";

export const featureFlags = pgTable("feature_flags", {
  key: text("key").primaryKey(),
  /** The content backend's ids (its `feature-flags` collection); the key stays what the code asks by. */
  id: serial("id").notNull().unique(),
  documentId: documentId(),
  enabled: boolean("enabled").notNull().default(false),
  description: text("description").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type FeatureFlag = typeof featureFlags.$inferSelect;
