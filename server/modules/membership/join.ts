import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ShopError, parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { lockMember } from "./activate.ts";
import { alreadyMember } from "./purchase.ts";
import { inForce } from "./status.ts";

export const JoinInput = z.object({ plan: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(80) });

/**
 * Joins a free plan (SPEC §3: one click, an account needed). A paid plan is bought through
 * checkout instead, so it is refused here. One membership at a time: a member already in force
 * (of any plan) is told so; an ended membership stays as history and a new one begins.
 */
export async function joinFreePlan(scope: Scope, userId: number, input: unknown): Promise<void> {
  const { plan: slug } = parseInput(JoinInput, input);
  return withTransaction(scope, async ({ db }) => {
    const [plan] = await queryRows<{ id: number; price: number; months: number | null }>(
      db,
      sql`select id, price, months from membership_plans
          where slug = ${slug} and published_at is not null and published_at <= now()`,
    );
    if (!plan || plan.price > 0) {
      throw new ShopError("PLAN_NOT_FOUND", "There is no free plan by that name.", { details: { plan: slug } });
    }
    // The customer's own row is the lock every change of their membership takes first.
    await lockMember(db, userId);
    const [current] = await queryRows<{ id: number }>(
      db,
      sql`select m.id from memberships m where m.user_id = ${userId} and ${inForce(sql`m`)}`,
    );
    if (current) throw alreadyMember();
    // A membership that ended is no longer in force: only the one in force may hold the active slot.
    await db.execute(
      sql`update memberships m set active = false where m.user_id = ${userId} and m.active and not (${inForce(sql`m`)})`,
    );
    try {
      await db.execute(
        sql`insert into memberships (user_id, plan_id, starts_at, ends_at, renews)
            values (${userId}, ${plan.id}, now(),
              ${plan.months === null ? null : sql`now() + make_interval(months => ${plan.months})`}, true)`,
      );
    } catch (error) {
      // Two joins at once: the other one won.
      if (isUniqueViolation(error)) throw alreadyMember();
      throw error;
    }
  });
}
