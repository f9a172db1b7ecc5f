import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/index.ts";
import type { PriceRule } from "./member-price.ts";
import type { PlanSummary } from "./plans.ts";
import { inForce } from "./status.ts";

/*
 * What a visitor's membership gives them (ADR 41): member prices, free delivery, early access.
 * Read once per request for a logged-in customer (the request context's `viewer()`), and handed
 * to the catalogue, the bag and checkout, which apply it through catalog/sellable.ts and
 * member-price.ts. A guest, and a customer without a membership in force, is ANY_VISITOR.
 */

/** The benefits of a visitor: the catalogue's Viewer (catalog/sellable.ts). */
export type MemberBenefits = Viewer;

interface BenefitsRow {
  planSlug: string;
  discountBasisPoints: number;
  freeDelivery: boolean;
  earlyAccess: boolean;
}

/**
 * The benefits of `userId`'s membership in force, as a subquery giving one JSON object (null when
 * none): a read that needs them with other facts (placing an order) takes them in the same round
 * trip.
 */
export function benefitsJson(userId: number | null): SQL<BenefitsRow | null> {
  return sql<BenefitsRow | null>`(
    select json_build_object('planSlug', mp.slug, 'discountBasisPoints', mp.discount_basis_points,
                             'freeDelivery', mp.free_delivery, 'earlyAccess', mp.early_access)
    from memberships m join membership_plans mp on mp.id = m.plan_id
    where ${userId}::int is not null and m.user_id = ${userId}::int and ${inForce(sql`m`)}
    order by m.starts_at desc, m.id desc limit 1)`;
}

/** The viewer a row of benefitsJson stands for. */
export function viewerOf(row: BenefitsRow | null): MemberBenefits {
  if (!row) return ANY_VISITOR;
  return {
    member: true,
    planSlug: row.planSlug,
    discountBasisPoints: row.discountBasisPoints,
    freeDelivery: row.freeDelivery,
    earlyAccess: row.earlyAccess,
  };
}

/** What the customer's membership in force gives them now, in one query; ANY_VISITOR without one. */
export async function benefitsOf(db: Db, userId: number): Promise<MemberBenefits> {
  const [row] = await queryRows<{ benefits: BenefitsRow | null }>(db, sql`select ${benefitsJson(userId)} as benefits`);
  return viewerOf(row?.benefits ?? null);
}

/**
 * The price rule pages show prices by: a member's own plan, or for everyone else the best
 * published plan's discount ("Members pay X").
 */
export function priceRuleOf(viewer: MemberBenefits, plans: readonly Pick<PlanSummary, "discountBasisPoints">[]): PriceRule {
  if (viewer.member) return { member: true, discountBasisPoints: viewer.discountBasisPoints };
  return { member: false, discountBasisPoints: Math.max(0, ...plans.map((plan) => plan.discountBasisPoints)) };
}
