import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";

/** A plan as the shop presents it: what it costs for how long, and what members get. */
export interface PlanSummary {
  slug: string;
  name: string;
  description: string;
  /** Minor units; 0 is the free plan. */
  price: number;
  currency: string;
  /** null: the plan never ends. */
  months: number | null;
  benefits: string[];
  discountBasisPoints: number;
  freeDelivery: boolean;
  earlyAccess: boolean;
}

/** The published plans, in the owner's order. */
export function publishedPlans(db: Db): Promise<PlanSummary[]> {
  return queryRows<PlanSummary>(
    db,
    sql`select slug, name, description, price, currency, months, benefits,
          discount_basis_points as "discountBasisPoints", free_delivery as "freeDelivery", early_access as "earlyAccess"
        from membership_plans
        where published_at is not null and published_at <= now()
        order by position, price, id`,
  );
}
