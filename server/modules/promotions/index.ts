import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import { categoryChoices, promotionDetail } from "./detail.ts";
import { promotionsList } from "./list.ts";
import { createPromotion, deletePromotion, setPromotionActive, updatePromotion } from "./write.ts";

/*
 * Promo codes in the back office (issue 25 §5, ADR 67): the list with each code's usage, the
 * editor's reads, and the staff's changes. How a code prices a bag is checkout's (checkout/promo.ts).
 */

export type { CategoryChoice, PromotionDetail } from "./detail.ts";
export type { PromotionRow, PromotionsPage } from "./list.ts";
export type { PromotionsListParams } from "./schemas.ts";
export type { PromotionUsage } from "./usage.ts";
export * from "./shared.ts";

export interface PromotionsDeps {
  /** The shop's currency: amounts are typed in it. */
  currency: string;
}

export function createPromotions(deps: PromotionsDeps) {
  return {
    /** `raw`: { q?, status?, kind?, sort?, dir?, page? } (a page's URL search params). */
    list: (scope: Scope, raw: unknown = {}, now = new Date()) => promotionsList(scope, raw, now),
    detail: (scope: Scope, id: unknown, now = new Date()) => promotionDetail(scope, id, now),
    categoryChoices: (scope: Scope) => categoryChoices(scope),
    create: (scope: StaffScope, raw: unknown) => createPromotion(scope, deps.currency, raw),
    update: (scope: StaffScope, raw: unknown) => updatePromotion(scope, deps.currency, raw),
    /** `raw`: { id, version, active }: false pauses, true resumes. */
    setActive: (scope: StaffScope, raw: unknown) => setPromotionActive(scope, raw),
    remove: (scope: StaffScope, raw: unknown) => deletePromotion(scope, raw),
  };
}

export type Promotions = ReturnType<typeof createPromotions>;
