import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { accountNotFound } from "./errors.ts";

/**
 * Locks the customer's account row until the transaction ends, so one customer's writes to the
 * account area run one at a time: two tabs adding a 20th address, or choosing different default
 * addresses at once, cannot both pass their checks (the unique index allows one default, and a
 * lost race there would be a 500 instead of a clear answer).
 */
export async function lockCustomer(tx: Db, userId: number): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw accountNotFound();
}
