import { SHOP_TIME_ZONE, type PromotionKind } from "../../../server/modules/promotions/shared.ts";

/** What a code gives, in words: "12.5 % off", "€5.00 off", "Free delivery". */
export function promotionValue(code: { kind: PromotionKind; value: number }, money: (minor: number) => string): string {
  if (code.kind === "free_delivery") return "Free delivery";
  return code.kind === "percent" ? `${code.value / 100} % off` : `${money(code.value)} off`;
}

/** A moment (ISO) as the editor's datetime-local field holds it, in the shop's time zone (UTC). */
export const momentField = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

/** A moment shown in the shop's time zone: "2030-06-01 09:00 UTC". */
export const shopMoment = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} ${SHOP_TIME_ZONE}`;

/** Hundredths as the editor's text: 1250 → "12.50"; a percentage drops needless zeros (1250 → "12.5"). */
export function hundredthsText(value: number, trim = false): string {
  const text = `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
  return trim ? text.replace(/\.?0+$/, "") : text;
}
