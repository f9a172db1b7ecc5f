import { and, eq, isNull } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";

/**
 * Gives the orders a guest placed with `email` to the customer who has proved the address is
 * theirs (confirmed it, or logs in to a confirmed account with it): they appear in the account's
 * order history. Orders of another account are never moved. Returns how many joined.
 */
export async function claimGuestOrders(scope: Scope, customerId: number, email: string): Promise<number> {
  const claimed = await scope.db
    .update(orders)
    .set({ userId: customerId })
    .where(and(isNull(orders.userId), eq(orders.email, email.trim().toLowerCase())))
    .returning({ id: orders.id });
  return claimed.length;
}
