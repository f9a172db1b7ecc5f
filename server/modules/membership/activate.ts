import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { inForce } from "./status.ts";

/*
 * A paid plan bought through checkout starts when its order is paid and stops when that order is
 * cancelled or refunded (ADR 42, "Buying a paid plan"). Both run inside the transaction that moves
 * the order (orders/transitions.ts move), so the membership and the order's status change together.
 */

/** What activation reads of an order. */
export interface MembershipOrder {
  id: number;
  userId: number | null;
  membershipPlanId: number | null;
}

/**
 * Activates the membership `order` paid for, once: an order already recorded on a membership
 * (`memberships.order_id`, unique) changes nothing. The same plan in force is renewed: it runs on
 * from its current end. Anything else in force (the free plan) ends now and the paid plan starts
 * now, ending after its months. What was paid is activated even if the plan has since been
 * unpublished.
 */
export async function activatePaidMembership(db: Db, order: MembershipOrder): Promise<void> {
  if (order.membershipPlanId === null || order.userId === null) return;
  const [plan] = await queryRows<{ id: number; months: number | null; done: boolean }>(
    db,
    sql`select id, months, exists (select 1 from memberships where order_id = ${order.id}) as done
        from membership_plans where id = ${order.membershipPlanId}`,
  );
  if (!plan || plan.done) return;
  const length = plan.months === null ? null : sql`make_interval(months => ${plan.months})`;
  const [current] = await queryRows<{ id: number; planId: number; endsAt: string | null }>(
    db,
    sql`select m.id, m.plan_id as "planId", m.ends_at as "endsAt" from memberships m
        where m.user_id = ${order.userId} and ${inForce(sql`m`)} for update`,
  );
  if (current && current.planId === plan.id && current.endsAt !== null && length !== null) {
    // A renewal: another period from the current end; offered for renewal and reminded again.
    await db.execute(
      sql`update memberships set ends_at = ends_at + ${length}, renews = true, reminder_sent_at = null, order_id = ${order.id}
          where id = ${current.id}`,
    );
    return;
  }
  // Whatever else is active ends now (a free membership in force; one that ended keeps its end).
  await db.execute(
    sql`update memberships set active = false,
          ends_at = case when ends_at is null or ends_at > now() then now() else ends_at end
        where user_id = ${order.userId} and active`,
  );
  await db.execute(
    sql`insert into memberships (user_id, plan_id, starts_at, ends_at, renews, order_id)
        values (${order.userId}, ${plan.id}, now(), ${length === null ? null : sql`now() + ${length}`}, true, ${order.id})`,
  );
}

/**
 * Ends now the membership `order` activated, when the order is cancelled or refunded (the money
 * went back); nothing when it activated none. A refunded renewal ends the whole membership: the
 * staff refund what they mean to take back.
 */
export async function endMembershipOfOrder(db: Db, orderId: number): Promise<void> {
  await db.execute(
    sql`update memberships set active = false, renews = false,
          ends_at = case when ends_at is null or ends_at > now() then now() else ends_at end
        where order_id = ${orderId} and active`,
  );
}
