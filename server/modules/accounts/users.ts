import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, type User } from "../../db/schema/index.ts";

/** The account an e-mail address or user name (any case) belongs to. */
export async function findByIdentifier(db: Db, identifier: string): Promise<User | undefined> {
  const lowered = identifier.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, lowered), sql`lower(${users.username}) = ${lowered}`))
    .limit(1);
  return user;
}

export async function findByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** A unique index refused a row (PostgreSQL 23505), as drizzle passes it on (sometimes as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
