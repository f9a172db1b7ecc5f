import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";

/**
 * What member prices have saved a customer so far (issue 27 §4): the sum of `member_savings` on
 * their orders that were paid (paid, shipped, delivered). An order not paid yet, cancelled or
 * refunded saved them nothing. Per currency, largest first; an empty list when nothing was saved.
 */
export interface MemberSavings {
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** How many paid orders had a member price in them. */
  orders: number;
}

const PAID = ["paid", "shipped", "delivered"] as const;

export function memberSavings(db: Db, userId: number): Promise<MemberSavings[]> {
  return queryRows<MemberSavings>(
    db,
    sql`select currency, sum(member_savings)::int as amount, count(*)::int as orders
        from orders
        where user_id = ${userId} and member_savings > 0
          and status in (select jsonb_array_elements_text(${JSON.stringify(PAID)}::jsonb))
        group by currency
        order by amount desc, currency`,
  );
}
