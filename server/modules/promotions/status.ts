import { and, gt, isNotNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import { promoCodes, type PromoCode } from "../../db/schema/index.ts";
import type { PromotionStatus } from "./shared.ts";

/** Where a code stands at `now` (shared.ts PROMOTION_STATUSES): the same rule as statusWhere. */
export function statusOf(
  code: Pick<PromoCode, "active" | "startsAt" | "endsAt" | "usageLimit" | "usedCount">,
  now: Date,
): PromotionStatus {
  if (!code.active) return "paused";
  if (code.endsAt && code.endsAt <= now) return "ended";
  if (code.startsAt && code.startsAt > now) return "scheduled";
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return "used-up";
  return "active";
}

/** The codes in that status at `now`, as SQL. */
export function statusWhere(status: PromotionStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = and(isNotNull(promoCodes.endsAt), lte(promoCodes.endsAt, at))!;
  const scheduled = and(isNotNull(promoCodes.startsAt), gt(promoCodes.startsAt, at))!;
  const usedUp = and(isNotNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} >= ${promoCodes.usageLimit}`)!;
  const active = promoCodes.active;
  switch (status) {
    case "paused":
      return not(active);
    case "ended":
      return and(active, ended)!;
    case "scheduled":
      return and(active, not(ended), scheduled)!;
    case "used-up":
      return and(active, not(ended), not(scheduled), usedUp)!;
    case "active":
      return and(active, not(or(ended, scheduled, usedUp)!))!;
  }
}
