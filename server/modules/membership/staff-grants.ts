import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";
import { queryRows, type Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { isoUtc } from "../../lib/iso-utc.ts";
import { withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { customerAsRead } from "../accounts/index.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { alreadyMember } from "./purchase.ts";
import { inForce } from "./status.ts";

/*
 * Staff give a customer a plan, or end the membership in force, from the customer's back-office
 * page (issue 24 §5, ADR 61). A grant is free: no order, no payment. Each change takes the
 * account's row lock (the one joining, buying and activation take first: customerAsRead is
 * lockMember), is refused when the page was read before another change of the account
 * (STALE_VERSION), moves the account's version, and is audited in its own transaction. Benefits
 * follow at once: every read of them asks for the membership in force (status.ts inForce).
 */

/** An empty form field reads as absent. */
const blank = (value: unknown) => (value === "" ? undefined : value);

const customerTarget = {
  userId: recordIdInput("No such customer."),
  /** The account's updatedAt as the page read it (ISO). */
  version: z.string().optional(),
};

export const GrantInput = z.object({
  ...customerTarget,
  plan: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(80),
  /** The membership's last day (UTC), included; absent: the plan's own length from today. */
  until: z.preprocess(
    blank,
    z.iso
      .date({ error: "Give the last day as YYYY-MM-DD." })
      .refine((day) => !Number.isNaN(Date.parse(day)), "No such day.")
      .refine((day) => day <= "2099-12-31", "Choose a day before 2100.")
      .optional(),
  ),
});

export const EndInput = z.object({
  ...customerTarget,
  /** The membership the page showed in force: another one in force now is a stale page. */
  membership: z.coerce.number({ error: "Which membership?" }).int().positive(),
});

/** What a grant gave: the plan's name, and its end (ISO; null: it never ends). */
export interface Granted {
  plan: string;
  until: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Gives the customer a published plan, free, from now: until the end of `until` (a UTC day), or
 * for the plan's own length (a plan that never ends: no end). Refused while a membership is in
 * force (one at a time: end it first). Like a bought one, a granted paid plan is reminded of
 * before its end, and buying the plan then carries on from its end (status.ts holdsTime).
 */
export async function grantByStaff(scope: StaffScope, raw: unknown, now = new Date()): Promise<Granted> {
  const input = parseInput(GrantInput, raw);
  const endsAt = input.until === undefined ? undefined : new Date(Date.parse(`${input.until}T00:00:00Z`) + DAY_MS);
  if (endsAt && endsAt.getTime() <= now.getTime()) {
    throw new ShopError("INVALID_INPUT", "Choose today or a later day.", { field: "until" });
  }
  return withTransaction(scope, async (tx) => {
    const user = await customerAsRead(tx.db, input);
    const [plan] = await queryRows<{ id: number; slug: string; name: string; months: number | null }>(
      tx.db,
      sql`select id, slug, name, months from membership_plans
          where slug = ${input.plan} and published_at is not null and published_at <= now()`,
    );
    if (!plan) throw new ShopError("PLAN_NOT_FOUND", "There is no published plan by that name.", { field: "plan" });
    const current = await membershipInForce(tx.db, user.id);
    if (current) {
      throw alreadyMember(`This customer is a ${current.plan} member already: end that membership first.`, current.slug);
    }
    // A membership that ended is no longer in force: only the one in force may hold the active slot.
    await tx.db.execute(
      sql`update memberships m set active = false where m.user_id = ${user.id} and m.active and not (${inForce(sql`m`)})`,
    );
    const end =
      endsAt !== undefined
        ? sql`${endsAt.toISOString()}::timestamptz`
        : plan.months === null
          ? sql`null::timestamptz`
          : sql`now() + make_interval(months => ${plan.months})`;
    const [granted] = await queryRows<{ until: string | null }>(
      tx.db,
      sql`insert into memberships (user_id, plan_id, starts_at, ends_at, renews, granted_by)
          values (${user.id}, ${plan.id}, now(), ${end}, true, ${scope.actor.id})
          returning ${isoUtc(sql`ends_at`)} as until`,
    );
    const until = granted!.until;
    await touchAccount(tx.db, user.id);
    await recordAudit(tx, {
      action: "customer.membership_granted",
      entityType: "customer",
      entityId: user.id,
      changes: { membership: [null, plan.slug], until: [null, until] },
    });
    return { plan: plan.name, until };
  });
}

/**
 * Ends the customer's membership in force now (its benefits with it), the one the page showed.
 * A paid membership's order is not refunded by this: that is the order's own refund.
 */
export async function endByStaff(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(EndInput, raw);
  await withTransaction(scope, async (tx) => {
    const user = await customerAsRead(tx.db, input);
    const current = await membershipInForce(tx.db, user.id);
    if (!current) throw new ShopError("NOT_A_MEMBER", "This customer has no membership in force now.");
    if (current.id !== input.membership) {
      throw new ShopError(
        "STALE_VERSION",
        `The customer's membership changed since you opened the page (it is ${current.plan} now). Check it, then try again.`,
      );
    }
    const ended = await endMembershipNow(tx.db, user.id);
    await touchAccount(tx.db, user.id);
    await recordAudit(tx, {
      action: "customer.membership_ended",
      entityType: "customer",
      entityId: user.id,
      changes: { membership: [current.slug, null], until: [current.until, ended!.until] },
    });
  });
}

/**
 * Ends the membership in force of `userId` now, not to be renewed; answers what it was, or null
 * when none was in force. The caller holds the account's lock (erasure, endByStaff).
 */
export async function endMembershipNow(db: Db, userId: number): Promise<{ plan: string; until: string } | null> {
  const [ended] = await queryRows<{ plan: string; until: string }>(
    db,
    sql`update memberships m set active = false, renews = false, ends_at = now()
        from membership_plans p
        where p.id = m.plan_id and m.user_id = ${userId} and ${inForce(sql`m`)}
        returning p.slug as plan, ${isoUtc(sql`m.ends_at`)} as until`,
  );
  return ended ?? null;
}

async function membershipInForce(db: Db, userId: number) {
  const [row] = await queryRows<{ id: number; slug: string; plan: string; until: string | null }>(
    db,
    sql`select m.id, p.slug, p.name as plan, ${isoUtc(sql`m.ends_at`)} as until
        from memberships m join membership_plans p on p.id = m.plan_id
        where m.user_id = ${userId} and ${inForce(sql`m`)}`,
  );
  return row ?? null;
}

/** A staff change of the membership is a change of the account: pages read before it are stale. */
async function touchAccount(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}
