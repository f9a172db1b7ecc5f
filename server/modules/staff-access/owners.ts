import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { roles, users } from "../../db/schema/index.ts";

/**
 * Takes the owner role's row lock for the rest of the transaction. Every change that makes or
 * unmakes an owner takes it first, so two of them run one after the other: two set-up links
 * accepted at once cannot both make an owner, and two owners demoting each other at once cannot
 * leave the shop with none (each counts the owners after the other's commit).
 */
export async function lockOwners(db: Db): Promise<void> {
  await db.select({ name: roles.name }).from(roles).where(eq(roles.name, "owner")).for("update");
}

export async function ownerCount(db: Db): Promise<number> {
  const [row] = await db.select({ owners: count() }).from(users).where(eq(users.role, "owner"));
  return row?.owners ?? 0;
}
