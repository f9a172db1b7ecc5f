import type { PlanSummary } from "../../server/modules/membership/shared.ts";

/** What the private-page modal offers a non-member: the plans, and logging in for a guest. */
export interface PrivatePageOffer {
  plans: PlanSummary[];
  loggedIn: boolean;
  /** The page the visitor is on: logging in comes back to it. */
  path: string;
}

/** The offer a members-only page's 403 carries (the membership-page guard's), if that is what it is. */
export function privatePageOffer(errorData: unknown): PrivatePageOffer | null {
  const offer = (errorData as { privatePage?: PrivatePageOffer } | null)?.privatePage;
  return offer && Array.isArray(offer.plans) ? offer : null;
}
