import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { promoCodes, promoRedemptions, type PromoCode } from "../../db/schema/index.ts";
import { mailboxKey } from "../rate-limit/index.ts";
import { promoRefused } from "./errors.ts";
import { targetedProducts } from "./promo-targets.ts";
import { promoDiscount, type QuoteLine } from "./quote.ts";

/**
 * Who uses a code: the mailbox of the order's e-mail address and, for a customer, their account.
 * A code is used once per each, so a customer cannot use it again as a guest with their address,
 * nor under another address from their account. The mailbox, not the spelling (mailboxKey, ADR
 * 50): `ann+1@` and `a.nn@gmail.com` reach the same person as `ann@`.
 */
export function redeemersOf(customerId: number | null, email: string | null): string[] {
  return [...(customerId !== null ? [`customer:${customerId}`] : []), ...(email ? [`email:${mailboxKey(email)}`] : [])];
}

/** A usable promo code, and the items it applies to (minor units): all of them, or its targets'. */
export interface UsablePromo {
  promo: PromoCode;
  base: number;
}

/**
 * The promo code, checked against everything but its use count and the delivery (pricing.ts
 * checks a free-delivery code saves something): known and not paused, within its dates, the bag
 * holding something it applies to, the items reaching its minimum, not used by this person before
 * when it is once per customer. Throws PROMO_REFUSED with the reason; the count is checked when
 * the order takes a use (redeem).
 *
 * The minimum spend counts all the bag's goods, not only the lines a narrowed code applies to
 * (ADR 67): the shopper reads "items worth at least" of the bag they see, and adding anything
 * brings them closer.
 */
export async function usablePromo(
  db: Db,
  code: string,
  lines: readonly Pick<QuoteLine, "productId" | "lineTotal">[],
  redeemers: readonly string[],
  formatMoney: (minor: number) => string,
  now = new Date(),
): Promise<UsablePromo> {
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.toUpperCase()));
  if (!promo) throw promoRefused("unknown");
  if (!promo.active) throw promoRefused("paused");
  if (promo.startsAt && promo.startsAt > now) throw promoRefused("not-started");
  if (promo.endsAt && promo.endsAt <= now) throw promoRefused("expired");
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) throw promoRefused("used-up");
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  if (subtotal < promo.minimumSpend) {
    throw promoRefused(
      "minimum-spend",
      `This promo code needs items worth at least ${formatMoney(promo.minimumSpend)}; add ${formatMoney(promo.minimumSpend - subtotal)} more to use it.`,
    );
  }
  // A code that takes nothing off (a membership alone: codes discount goods only) would still use
  // up a once-per-customer code: refused, so only a use that gave a discount is ever recorded.
  if (subtotal === 0) throw promoRefused("no-discount");
  const targeted = await targetedProducts(
    db,
    promo.id,
    lines.map((line) => line.productId),
  );
  const base = targeted === null ? subtotal : lines.reduce((sum, l) => sum + (targeted.has(l.productId) ? l.lineTotal : 0), 0);
  // Free delivery is for the whole order; narrowed, it still needs one of its products in the bag.
  if (targeted !== null && base === 0) throw promoRefused("not-for-these-items");
  if (promo.kind !== "free_delivery" && promoDiscount(promo, base) === 0) {
    throw promoRefused("no-discount", "This promo code takes nothing off this order.");
  }
  if (promo.oncePerCustomer && redeemers.length > 0) {
    const [used] = await db
      .select({ orderId: promoRedemptions.orderId })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promo.id), inArray(promoRedemptions.redeemer, [...redeemers])))
      .limit(1);
    if (used) throw promoRefused("already-used");
  }
  return { promo, base };
}

/**
 * Takes one use of the code for `orderId`, inside the order's transaction: the count rises only
 * while under the limit (one statement, so twenty orders at once for the last use leave one
 * winner), and the redeemer's row is unique, so one person cannot use a once-per-customer code
 * twice at once either.
 */
export async function redeem(db: Db, promo: PromoCode, redeemers: readonly string[], orderId: number): Promise<void> {
  const taken = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.id, promo.id), or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit))))
    .returning({ id: promoCodes.id });
  if (taken.length === 0) throw promoRefused("used-up");
  // A code for everyone as often as they like is counted, not remembered per person.
  if (!promo.oncePerCustomer || redeemers.length === 0) return;
  const rows = await db
    .insert(promoRedemptions)
    .values(redeemers.map((redeemer) => ({ promoCodeId: promo.id, redeemer, orderId })))
    .onConflictDoNothing()
    .returning({ orderId: promoRedemptions.orderId });
  if (rows.length < redeemers.length) throw promoRefused("already-used");
}
