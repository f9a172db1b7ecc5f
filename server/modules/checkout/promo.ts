import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { promoCodes, promoRedemptions, type PromoCode } from "../../db/schema/index.ts";
import { mailboxKey } from "../rate-limit/index.ts";
import { promoRefused } from "./errors.ts";
import { promoDiscount } from "./quote.ts";

/**
 * Who uses a code: the mailbox of the order's e-mail address and, for a customer, their account.
 * A code is used once per each, so a customer cannot use it again as a guest with their address,
 * nor under another address from their account. The mailbox, not the spelling (mailboxKey, ADR
 * 50): `ann+1@` and `a.nn@gmail.com` reach the same person as `ann@`.
 */
export function redeemersOf(customerId: number | null, email: string | null): string[] {
  return [...(customerId !== null ? [`customer:${customerId}`] : []), ...(email ? [`email:${mailboxKey(email)}`] : [])];
}

/**
 * The promo code, checked against everything but its use count: known and active, within its
 * dates, the items reaching its minimum, not used by this redeemer before. Throws PROMO_REFUSED
 * with the reason; the count is checked when the order takes a use (redeem).
 */
export async function usablePromo(
  db: Db,
  code: string,
  subtotal: number,
  redeemers: readonly string[],
  formatMoney: (minor: number) => string,
  now = new Date(),
): Promise<PromoCode> {
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.toUpperCase()));
  if (!promo || !promo.active) throw promoRefused("unknown");
  if (promo.startsAt && promo.startsAt > now) throw promoRefused("not-started");
  if (promo.endsAt && promo.endsAt <= now) throw promoRefused("expired");
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) throw promoRefused("used-up");
  if (subtotal < promo.minimumSpend) {
    throw promoRefused(
      "minimum-spend",
      `This promo code needs items worth at least ${formatMoney(promo.minimumSpend)}; add ${formatMoney(promo.minimumSpend - subtotal)} more to use it.`,
    );
  }
  // A code that takes nothing off (a membership alone: codes discount goods only) would still use
  // up a once-per-customer code: refused, so only a use that gave a discount is ever recorded.
  if (promoDiscount(promo, subtotal) === 0) {
    throw promoRefused("no-discount", subtotal > 0 ? "This promo code takes nothing off this order." : undefined);
  }
  if (redeemers.length > 0) {
    const [used] = await db
      .select({ orderId: promoRedemptions.orderId })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promo.id), inArray(promoRedemptions.redeemer, [...redeemers])))
      .limit(1);
    if (used) throw promoRefused("already-used");
  }
  return promo;
}

/**
 * Takes one use of the code for `orderId`, inside the order's transaction: the count rises only
 * while under the limit (one statement, so twenty orders at once for the last use leave one
 * winner), and the redeemer's row is unique, so one person cannot use it twice at once either.
 */
export async function redeem(db: Db, promo: PromoCode, redeemers: readonly string[], orderId: number): Promise<void> {
  const taken = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.id, promo.id), or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit))))
    .returning({ id: promoCodes.id });
  if (taken.length === 0) throw promoRefused("used-up");
  if (redeemers.length === 0) return;
  const rows = await db
    .insert(promoRedemptions)
    .values(redeemers.map((redeemer) => ({ promoCodeId: promo.id, redeemer, orderId })))
    .onConflictDoNothing()
    .returning({ orderId: promoRedemptions.orderId });
  if (rows.length < redeemers.length) throw promoRefused("already-used");
}
