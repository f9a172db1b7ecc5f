import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { holdsTime, inForce } from "./status.ts";

/*
 * A paid plan bought through checkout starts when its order is paid and gives back the order's
 * months when that order is cancelled or refunded (ADR 42, "Buying a paid plan"). Both run inside
 * the transaction that moves the order (orders/transitions.ts move), so the membership and the
 * order's status change together. Each paying order is recorded in `membership_orders` with the
 * months it added.
 */

/** What activation reads of an order. */
export interface MembershipOrder {
  id: number;
  userId: number | null;
  membershipPlanId: number | null;
  /** The plan's months when the order was placed (null: a plan that never ends). */
  membershipMonths: number | null;
}

/**
 * The customer's own row is the lock every change of their membership takes first (join.ts,
 * leave.ts, here): a row lock on a membership locks nothing when there is none yet.
 */
export async function lockMember(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`);
}

const lengthOf = (months: number | null) => (months === null ? null : sql`make_interval(months => ${months})`);

/**
 * Activates the membership `order` paid for, once (`membership_orders.order_id` is unique). The
 * months are the order's, as placed, whatever the plan says now. A membership in force that holds
 * time (paid months left, or a staff grant of a paid plan: holdsTime) runs on from its end with
 * these months, taking the order's plan (the same plan: a renewal; another: the member has the
 * plan last paid for now and no paid month is lost). Anything else in force (the free plan) ends
 * now and the paid plan starts now, for its months.
 */
export async function activatePaidMembership(db: Db, order: MembershipOrder): Promise<void> {
  if (order.membershipPlanId === null || order.userId === null) return;
  await lockMember(db, order.userId);
  const [done] = await queryRows<{ done: boolean }>(
    db,
    sql`select exists (select 1 from membership_orders where order_id = ${order.id}) as done`,
  );
  if (done?.done) return;
  const length = lengthOf(order.membershipMonths);
  const [current] = await queryRows<{ id: number; paid: boolean }>(
    db,
    sql`select m.id, ${holdsTime(sql`m`)} as paid
        from memberships m where m.user_id = ${order.userId} and ${inForce(sql`m`)} for update of m`,
  );
  let membershipId: number;
  if (current?.paid) {
    // Time left: another period from its end (none for a plan that never ends); offered for
    // renewal and reminded again.
    await db.execute(
      sql`update memberships set plan_id = ${order.membershipPlanId},
            ends_at = ${length === null ? null : sql`ends_at + ${length}`},
            renews = true, reminder_sent_at = null, order_id = ${order.id}
          where id = ${current.id}`,
    );
    membershipId = current.id;
  } else {
    // Whatever else is active ends now (a free membership in force; one that ended keeps its end).
    await db.execute(
      sql`update memberships set active = false,
            ends_at = case when ends_at is null or ends_at > now() then now() else ends_at end
          where user_id = ${order.userId} and active`,
    );
    const [created] = await queryRows<{ id: number }>(
      db,
      sql`insert into memberships (user_id, plan_id, starts_at, ends_at, renews, order_id)
          values (${order.userId}, ${order.membershipPlanId}, now(), ${length === null ? null : sql`now() + ${length}`}, true, ${order.id})
          returning id`,
    );
    membershipId = created!.id;
  }
  await db.execute(
    sql`insert into membership_orders (membership_id, order_id, months) values (${membershipId}, ${order.id}, ${order.membershipMonths})`,
  );
}

/**
 * Takes back what `order` paid for when it is cancelled or refunded (the money went back): its own
 * months come off the membership's end, and the membership keeps the plan of the latest order
 * left. With no paid order left it ends now (a staff grant it renewed goes back to the grant's
 * end); a free membership the paid plan had replaced is joined again. Nothing when the order
 * activated nothing.
 */
export async function endMembershipOfOrder(db: Db, order: Pick<MembershipOrder, "id" | "userId">): Promise<void> {
  if (order.userId !== null) await lockMember(db, order.userId);
  const [taken] = await queryRows<{ membershipId: number; months: number | null }>(
    db,
    sql`update membership_orders set taken_back_at = now() where order_id = ${order.id} and taken_back_at is null
        returning membership_id as "membershipId", months`,
  );
  if (!taken) return;
  const [left] = await queryRows<{ count: number; months: number | null; planId: number | null }>(
    db,
    sql`select count(*)::int as count,
          case when bool_and(mo.months is not null) then sum(mo.months)::int end as months,
          (array_agg(o.membership_plan_id order by mo.id desc))[1] as "planId"
        from membership_orders mo join orders o on o.id = mo.order_id
        where mo.membership_id = ${taken.membershipId} and mo.taken_back_at is null`,
  );
  // A staff grant that this order renewed keeps what it was given: the order's months come off its end.
  const [granted] = await queryRows<{ granted: boolean }>(
    db,
    sql`select granted_by is not null as granted from memberships where id = ${taken.membershipId}`,
  );
  if ((left && left.count > 0) || (granted?.granted && taken.months !== null)) {
    // Its months off the end (a plan that never ends: the months left from the start).
    const end =
      taken.months !== null
        ? sql`ends_at - make_interval(months => ${taken.months})`
        : left!.months === null
          ? sql`null::timestamptz`
          : sql`starts_at + make_interval(months => ${left!.months})`;
    await db.execute(
      sql`update memberships set plan_id = coalesce(${left?.planId ?? null}::int, plan_id), ends_at = ${end},
            active = active and (${end} is null or ${end} > now())
          where id = ${taken.membershipId}`,
    );
    return;
  }
  const [ended] = await queryRows<{ userId: number; wasInForce: boolean }>(
    db,
    sql`update memberships m set active = false, renews = false,
          ends_at = case when m.ends_at is null or m.ends_at > now() then now() else m.ends_at end
        from memberships before
        where m.id = ${taken.membershipId} and before.id = m.id
        returning m.user_id as "userId", (${inForce(sql`before`)}) as "wasInForce"`,
  );
  if (!ended?.wasInForce) return;
  // The free membership this one replaced (ended the moment it started), joined again from now.
  await db.execute(
    sql`insert into memberships (user_id, plan_id, starts_at, ends_at, renews)
        select f.user_id, f.plan_id, now(),
          case when p.months is null then null else now() + make_interval(months => p.months) end, true
        from memberships f join membership_plans p on p.id = f.plan_id
        where f.user_id = ${ended.userId} and f.id < ${taken.membershipId} and p.price = 0
          and f.ends_at = (select starts_at from memberships where id = ${taken.membershipId})
          and not exists (select 1 from memberships a where a.user_id = ${ended.userId} and a.active)
        order by f.id desc limit 1`,
  );
}
