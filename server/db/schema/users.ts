import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { roles } from "./roles.ts";

/**
 * A customer's account. E-mail addresses are stored lower-cased and trimmed, so one address is one
 * account; user names keep the case they were typed in but are unique without it.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /**
     * The user name as it looks (accounts/username.ts): look-alikes such as a Cyrillic "а" for a
     * Latin "a" share it, so no one can register a name that passes for another's. Null only for
     * accounts older than it, until the start-up fills it in.
     */
    usernameSkeleton: text("username_skeleton"),
    email: text("email").notNull(),
    /** Null for accounts made through a social provider that never set a password. */
    passwordHash: text("password_hash"),
    /** "local", or the social provider the account was made with. */
    provider: text("provider").notNull().default("local"),
    confirmed: boolean("confirmed").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    /**
     * The profile picture's source address for the image endpoint, such as
     * /uploads/pictures/<random>.webp (a re-encoded upload, ADR 46); null: none.
     */
    picture: text("picture"),
    /**
     * What the user may do beyond shopping (SPEC §6: a list of scopes), such as "staff" for the
     * order operations. Customers have none; only the owner grants it (npm run scope).
     */
    /** The user's role (customer, editor, staff, owner): its scopes join the user's own. */
    role: text("role")
      .notNull()
      .default("customer")
      .references(() => roles.name),
    scope: jsonb("scope").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When staff erased the account's personal data (ADR 61): it is then an empty shell, blocked,
     * that keeps the orders the law keeps; null for every other account.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_username_skeleton_unique").on(t.usernameSkeleton),
  ],
);

export type User = typeof users.$inferSelect;
