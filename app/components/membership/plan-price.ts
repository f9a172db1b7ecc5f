import type { PlanSummary } from "../../../server/modules/membership/shared.ts";
import { formatMoney } from "~/lib/money";

/** "Free", or the price and its period ("€49.00 a year"). */
export function planPrice(plan: Pick<PlanSummary, "price" | "currency" | "months">): string {
  if (plan.price === 0) return "Free";
  const money = formatMoney(plan.price, plan.currency);
  if (plan.months === 12) return `${money} a year`;
  if (plan.months === 1) return `${money} a month`;
  return plan.months === null ? money : `${money} for ${plan.months} months`;
}
