import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { lockMember } from "./activate.ts";
import { membershipInForce } from "./status.ts";

/*
 * Buying a paid plan through checkout (ADR 42, "Buying a paid plan"): who may, and which plan. The
 * bag (cart/membership-line.ts) asks when the plan is put in, and placing the order asks again
 * inside its transaction; activation happens when the order is paid (activate.ts).
 */

/** A plan as a purchase reads it. */
export interface PlanForSale {
  id: number;
  slug: string;
  name: string;
  price: number;
  currency: string;
  months: number | null;
  /** Published now. */
  published: boolean;
}

export const membershipNeedsAccount = () =>
  new ShopError("UNAUTHENTICATED", "Log in or create an account to buy a membership: it belongs to your account.");

export const planNotForSale = (slug: string) =>
  new ShopError("PLAN_NOT_FOUND", "This membership plan cannot be bought: it is no longer offered, or it is free to join.", {
    details: { plan: slug },
  });

/** The plan of that slug, published or not; null when there is none. */
export async function planBySlug(db: Db, slug: string): Promise<PlanForSale | null> {
  const [plan] = await queryRows<PlanForSale>(
    db,
    sql`select id, slug, name, price, currency, months,
          (published_at is not null and published_at <= now()) as published
        from membership_plans where slug = ${slug}`,
  );
  return plan ?? null;
}

/** One membership at a time: the error joining and buying give. */
export const alreadyMember = (message = "You are already a member.", plan?: string) =>
  new ShopError("ALREADY_MEMBER", message, plan === undefined ? undefined : { details: { plan } });

/**
 * Refuses buying `plan` for `userId` (null: a guest): an account is needed, the plan must be a
 * published paid one, and a customer with another paid plan in force cannot buy a second one (one
 * membership at a time). Renewing the plan one has is allowed; a free membership is replaced once
 * the paid one starts.
 */
export async function assertMayBuy(db: Db, userId: number | null, plan: PlanForSale): Promise<void> {
  if (userId === null) throw membershipNeedsAccount();
  if (!plan.published || plan.price <= 0) throw planNotForSale(plan.slug);
  const current = await membershipInForce(db, userId);
  if (current && current.planId !== plan.id && current.paid) {
    throw alreadyMember(
      `You are a ${current.plan.name} member already: one membership at a time. Buy ${plan.name} once yours has ended.`,
      plan.slug,
    );
  }
}

/**
 * What placing an order checks of its plan, in the order's transaction, holding the customer's
 * lock (the one activation and joining take): all of assertMayBuy, the plan priced in the shop's
 * currency, and no other order of a plan still waiting for its payment (paying both would stack
 * two plans on one membership).
 */
export async function assertMayPlace(db: Db, userId: number | null, plan: PlanForSale, currency: string): Promise<void> {
  if (userId !== null) await lockMember(db, userId);
  await assertMayBuy(db, userId, plan);
  if (plan.currency !== currency) {
    throw new ShopError("PLAN_NOT_FOUND", `This membership plan is priced in ${plan.currency}; the shop sells in ${currency}.`, {
      details: { plan: plan.slug },
    });
  }
  const [unpaid] = await queryRows<{ number: string }>(
    db,
    sql`select number from orders
        where user_id = ${userId} and membership_plan_id is not null and status = 'awaiting_payment'
        order by id limit 1`,
  );
  if (unpaid) {
    throw alreadyMember(
      `Your order ${unpaid.number} of a membership is waiting for its payment: pay it or cancel it before ordering another.`,
      plan.slug,
    );
  }
}
