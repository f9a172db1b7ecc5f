import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { queryRows } from "../../db/client.ts";

/** A membership in force now: active, begun, not ended. `m` is the memberships row's alias. */
export function inForce(m: SQL): SQL {
  return sql`${m}.active and ${m}.starts_at <= now() and (${m}.ends_at is null or ${m}.ends_at > now())`;
}

/**
 * Whether a membership holds time its member would lose if it were replaced: some paid order's
 * months are left on it, or staff granted it a paid plan (ADR 61). Buying a plan carries on from
 * the end of such a membership; anything else (the free plan) is replaced from the day of the
 * purchase. `m` is the memberships row's alias.
 */
export function holdsTime(m: SQL): SQL {
  return sql`(exists (select 1 from membership_orders mo where mo.membership_id = ${m}.id and mo.taken_back_at is null)
    or (${m}.granted_by is not null and exists (select 1 from membership_plans gp where gp.id = ${m}.plan_id and gp.price > 0)))`;
}

/** Whether the customer is a member now: the one rule every benefit and members-only read asks. */
export async function isMember(db: Db, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ member: boolean }>(
    db,
    sql`select exists (select 1 from memberships m where m.user_id = ${userId} and ${inForce(sql`m`)}) as member`,
  );
  return row?.member === true;
}

/** A customer's membership in force, as the account area shows it. */
export interface MembershipStatus {
  plan: { slug: string; name: string; price: number; currency: string; months: number | null };
  /** ISO times, UTC. */
  since: string;
  /** When it ends: null for a plan that never ends. */
  until: string | null;
  /** False once the member stopped the renewal: it ends at `until`. */
  renews: boolean;
}

/** A customer's membership in force with its plan: the one read the account area and buying share. */
export interface MembershipInForce extends MembershipStatus {
  id: number;
  planId: number;
  /** It holds time a purchase carries on from (holdsTime: paid months left, or a staff grant of a paid plan); false for the free plan. */
  paid: boolean;
}

export async function membershipInForce(db: Db, userId: number): Promise<MembershipInForce | null> {
  const [row] = await queryRows<{
    id: number;
    planId: number;
    paid: boolean;
    slug: string;
    name: string;
    price: number;
    currency: string;
    months: number | null;
    since: string;
    until: string | null;
    renews: boolean;
  }>(
    db,
    sql`select m.id, m.plan_id as "planId", p.slug, p.name, p.price, p.currency, p.months, m.renews,
          ${isoUtc(sql`m.starts_at`)} as since,
          ${isoUtc(sql`m.ends_at`)} as until,
          ${holdsTime(sql`m`)} as paid
        from memberships m join membership_plans p on p.id = m.plan_id
        where m.user_id = ${userId} and ${inForce(sql`m`)}`,
  );
  if (!row) return null;
  const { id, planId, paid, since, until, renews, ...plan } = row;
  return { id, planId, paid, plan, since, until, renews };
}

export async function membershipStatus(db: Db, userId: number): Promise<MembershipStatus | null> {
  const current = await membershipInForce(db, userId);
  if (!current) return null;
  const { plan, since, until, renews } = current;
  return { plan, since, until, renews };
}
