import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { inForce } from "./status.ts";

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
    sql`select id, slug, name, price, months,
          (published_at is not null and published_at <= now()) as published
        from membership_plans where slug = ${slug}`,
  );
  return plan ?? null;
}

/**
 * Refuses buying `plan` for `userId` (null: a guest): an account is needed, the plan must be a
 * published paid one, and a customer with another paid plan in force cannot buy a second one (one
 * membership at a time). Renewing the plan one has is allowed; a free membership is replaced once
 * the paid one starts.
 */
export async function assertMayBuy(db: Db, userId: number | null, plan: PlanForSale): Promise<void> {
  if (userId === null) throw membershipNeedsAccount();
  if (!plan.published || plan.price <= 0) throw planNotForSale(plan.slug);
  const [current] = await queryRows<{ planId: number; name: string; price: number }>(
    db,
    sql`select m.plan_id as "planId", p.name, p.price from memberships m join membership_plans p on p.id = m.plan_id
        where m.user_id = ${userId} and ${inForce(sql`m`)}`,
  );
  if (current && current.planId !== plan.id && current.price > 0) {
    throw new ShopError(
      "ALREADY_MEMBER",
      `You are a ${current.name} member already: one membership at a time. Buy ${plan.name} once yours has ended.`,
      { details: { plan: plan.slug } },
    );
  }
}
