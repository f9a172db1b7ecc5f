import { eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { products, variants } from "../../server/db/schema/index.ts";
import { createMemoryStore } from "../../server/modules/rate-limit/memory-store.ts";
import { rateLimit, type RateLimiter } from "../../server/modules/rate-limit/index.ts";
import { NEW_BAGS_RULE } from "../../server/modules/cart/index.ts";

/** NEW_BAGS_RULE with a small `limit` per minute and a store of its own: for tests that reach it. */
export function newBagsLimit(limit: number): RateLimiter {
  return rateLimit(createMemoryStore(), { ...NEW_BAGS_RULE, limit, windowMs: 60_000 });
}

/** `count` options a guest can buy (the newest first), each given 10 in stock: to fill a bag in tests. */
export async function stockedOptions(db: Db, count: number): Promise<number[]> {
  const ids = (
    await db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`${products.published} and not ${products.membersOnly}`)
      .orderBy(sql`${variants.id} desc`)
      .limit(count)
  ).map((row) => row.id);
  if (ids.length < count) throw new Error(`the shop has ${ids.length} options a guest can buy, not ${count}`);
  await db
    .update(variants)
    .set({ stock: 10 })
    .where(sql`${variants.id} in ${ids}`);
  return ids;
}
