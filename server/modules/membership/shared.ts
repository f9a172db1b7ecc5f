// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export { membersPay, priceRuleKey, unitPriceFor, type PriceRule, type PricedOption } from "./member-price.ts";
export type { PlanSummary } from "./plans.ts";
export { offeredPlan } from "./offered-plan.ts";
