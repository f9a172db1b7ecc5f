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

export { isUniqueViolation } from "../../db/errors.ts";
