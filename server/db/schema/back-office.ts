import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { roles } from "./roles.ts";
import { users } from "./users.ts";

/**
 * An account's authenticator (TOTP, RFC 6238), the second factor every back-office account needs
 * (ADR 58). The secret must be read back to check a code, so it is kept encrypted with a key
 * derived from the shop's secret, never in the clear. `lastStep` is the time step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code cannot be used twice.
 * `confirmedAt` is null while an enrolment waits for its first code.
 */
export const staffAuthenticators = pgTable("staff_authenticators", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  lastStep: bigint("last_step", { mode: "number" }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes (ten per set), for a lost authenticator; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId), uniqueIndex("recovery_codes_hash_unique").on(t.codeHash)],
);

/**
 * A link that lets someone join the back office with a role: the owner's set-up link printed at a
 * start with no owner (no e-mail: whoever opens it becomes the owner), or an invitation the owner
 * mailed. Single use, with an expiry; only the token's SHA-256 is kept.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    email: text("email"),
    role: text("role")
      .notNull()
      .references(() => roles.name),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_invitations_token_unique").on(t.tokenHash)],
);

/**
 * Every change made through the back office or a staff API, written in the change's own
 * transaction (ADR 58). Append-only: a trigger refuses updates and deletes, so the app cannot edit
 * its own history. The actor is kept by id and by the address and role they had then, without a
 * foreign key, so an entry outlives its author's account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The changed fields only: { field: [before, after] }. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    requestId: text("request_id"),
    clientAddress: text("client_address"),
  },
  (t) => [
    index("audit_log_at_idx").on(sql`${t.at} desc`),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

export type StaffAuthenticator = typeof staffAuthenticators.$inferSelect;
export type StaffInvitation = typeof staffInvitations.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
