import type { Db } from "../../db/client.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { Scope } from "../../lib/scope.ts";
import { joinFreePlan } from "./join.ts";
import { resumeMembership, stopMembership } from "./leave.ts";
import { membershipEndingMail } from "./mails.ts";
import { publishedPlans } from "./plans.ts";
import { remindEndingMemberships } from "./reminders.ts";
import { isMember, membershipStatus } from "./status.ts";
import { memberSavings } from "./savings.ts";
import { benefitsOf, priceRuleOf, type MemberBenefits } from "./benefits.ts";
import { endByStaff, grantByStaff } from "./staff-grants.ts";
import { changePlanByStaff, plansForStaff } from "./plan-admin.ts";
import type { StaffScope } from "../audit/index.ts";

export type { PlanSummary } from "./plans.ts";
export type { MembershipStatus } from "./status.ts";
export type { MemberSavings } from "./savings.ts";
export type { Stopped } from "./leave.ts";
export type { MemberBenefits } from "./benefits.ts";
export { JoinInput } from "./join.ts";
export { REMINDER_DAYS } from "./reminders.ts";
export { EndInput, GrantInput, type Granted } from "./staff-grants.ts";
export { planForm, updatePlan, type PlanValues } from "./plan-admin.ts";

// Plans change rarely (an owner's edit): read them at most every 30 s, in every process.
const PLANS_TTL_MS = 30_000;

export interface MembershipConfig {
  siteName: string;
  /** The membership page's public address, for mails. */
  membershipLink: string;
  /** Told after a commit that wrote mails (the reminders), so they go out at once. */
  mailsWritten?: () => void;
  /** The shop's currency: the plan form's price is typed in it (ADR 74). */
  currency: string;
}

/** The membership programme (SPEC §3; issue 12 §3): plans, joining, leaving, reminders. */
export function createMembership(db: Db, config: MembershipConfig) {
  const plans = cachedRead(() => publishedPlans(db), PLANS_TTL_MS);
  return {
    /** Whether the customer is a member now: the rule every members-only read asks. */
    isMember: (userId: number) => isMember(db, userId),
    /** The customer's membership in force, or null. */
    status: (userId: number) => membershipStatus(db, userId),
    /** What member prices saved the customer on their paid orders so far, per currency (the members' area). */
    savings: (userId: number) => memberSavings(db, userId),
    /** The published plans, as /membership and the private-page modal present them. */
    plans,
    joinFree: (scope: Scope, userId: number, input: unknown) => joinFreePlan(scope, userId, input),
    stop: (scope: Scope, userId: number) => stopMembership(scope, userId),
    resume: (scope: Scope, userId: number) => resumeMembership(scope, userId),
    /** Staff give a customer a published plan, free (back office); audited. */
    grantByStaff: (scope: StaffScope, raw: unknown, now?: Date) => grantByStaff(scope, raw, now),
    /** Staff end a customer's membership in force now (back office); audited. */
    endByStaff: (scope: StaffScope, raw: unknown) => endByStaff(scope, raw),
    /** Queues the reminders due by `now` (background work); how many were queued. */
    remind: (now: Date) =>
      remindEndingMemberships(db, (ending) => membershipEndingMail(ending, config), now, config.mailsWritten),
    /** What the customer's membership in force gives them (ADR 41), in one query: the request context's viewer(). */
    benefits: (scope: Scope, userId: number) => benefitsOf(scope.db, userId),
    /** How pages show prices to this viewer: their plan's, or the best published plan's "Members pay X". */
    priceRule: async (viewer: MemberBenefits) => priceRuleOf(viewer, await plans()),
    /** Every plan, on sale or not, with its version and members in force: the back office's plans page. */
    plansForStaff: () => plansForStaff(db),
    /** The back office's plan form (price, benefits, discount, on sale); audited; the next read of the plans is fresh. */
    changePlan: async (scope: StaffScope, raw: unknown) => {
      await changePlanByStaff(scope, config.currency, raw);
      plans.invalidate();
    },
    /** Writers of plans (the content API) call this so the next read is fresh. */
    invalidatePlans: () => plans.invalidate(),
  };
}

export type MembershipService = ReturnType<typeof createMembership>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { activatePaidMembership, endMembershipOfOrder } from "./activate.ts";
export { benefitsOf } from "./benefits.ts";
export { endMembershipNow } from "./staff-grants.ts";
export { unitPriceFor } from "./member-price.ts";
export { assertMayBuy, assertMayPlace, membershipNeedsAccount, planBySlug, planNotForSale } from "./purchase.ts";
