import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, type User } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * What every staff change to a customer's account reads first (block, sessions, membership,
 * erasure): the account's row, locked until the change commits, as the form that asked for the
 * change saw it. The lock is the one every change of the account takes (membership's lockMember,
 * customers' lockCustomer), so two changes of one account run one after the other.
 */

export const accountNotFound = () => new ShopError("ACCOUNT_NOT_FOUND", "No customer has that account.");

/** The refusal of a form read before another change to the account (409, with when it changed). */
export const staleAccount = (changedAt: Date) =>
  new ShopError("STALE_VERSION", "Someone changed this account since you opened it. Check it as it is now, then try again.", {
    details: { changedAt: changedAt.toISOString() },
  });

export const accountErased = (erasedAt: Date) =>
  new ShopError(
    "ACCOUNT_ERASED",
    `This customer's personal data was erased on ${erasedAt.toISOString().slice(0, 10)}: the account can no longer be changed.`,
    { details: { erasedAt: erasedAt.toISOString() } },
  );

/**
 * The customer account `userId`, locked for the transaction `db` is; `version` is its updatedAt
 * as the form read it (ISO), and none skips that check (an API call that names no version).
 * Staff accounts are not customers (ACCOUNT_NOT_FOUND, as an unknown id); an erased account
 * changes no more (ACCOUNT_ERASED).
 */
export async function customerAsRead(db: Db, input: { userId: number; version?: string | undefined }): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).for("update");
  if (!user || user.role !== "customer") throw accountNotFound();
  if (input.version !== undefined && input.version !== user.updatedAt.toISOString()) throw staleAccount(user.updatedAt);
  if (user.erasedAt) throw accountErased(user.erasedAt);
  return user;
}
