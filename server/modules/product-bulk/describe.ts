import { amountText } from "../product-editor/index.ts";
import type { Place } from "./read.ts";
import type { BulkChange } from "./schemas.ts";
import { BULK_ACTION_INFO } from "./shared.ts";

/** A bulk edit in words, as the preview heads it and its audit entry names it: "Change the price by a percentage: -10 %". */
export function describeChange(change: BulkChange, currency: string, places: ReadonlyMap<number, Place>): string {
  const words = BULK_ACTION_INFO[change.action].words;
  const percent = (points: number) => `${points < 0 ? "-" : ""}${String(Math.abs(points) / 100)} %`;
  if ("basisPoints" in change) {
    return change.action === "sale-percent"
      ? `${words}: ${percent(change.basisPoints)} off`
      : `${words}: ${change.basisPoints > 0 ? "+" : ""}${percent(change.basisPoints)}`;
  }
  if ("minor" in change) {
    const sign = change.action === "price-amount" ? (change.minor > 0 ? "+" : "-") : "";
    return `${words}: ${sign}${amountText(Math.abs(change.minor), currency)}`;
  }
  if (change.action === "category") {
    const target = places.get(change.categoryId);
    const parent = target?.parentId ? places.get(target.parentId) : undefined;
    return `Move to ${parent ? `${parent.name} › ` : ""}${target?.name ?? `#${change.categoryId}`}`;
  }
  return words;
}
