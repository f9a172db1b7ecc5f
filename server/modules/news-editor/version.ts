import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsPosts, type NewsPost } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * A post's version (ADR 58, 63, 75): its updated_at to the microsecond, as text. A form (or an API
 * write that names one) carries the version it read; a change is refused with STALE_VERSION (409)
 * when the post moved on since, compared under the post's row lock in the change's transaction.
 */

export const postVersionOf = (updatedAt: SQL) => sql<string>`(extract(epoch from ${updatedAt}) * 1000000)::bigint::text`;

/** The next version: later than both the clock and the last one, so two saves in a millisecond still differ. */
export const nextPostVersion = sql`greatest(clock_timestamp(), ${newsPosts.updatedAt} + interval '1 millisecond')`;

export function postNotFound(): ShopError {
  return new ShopError("ENTRY_NOT_FOUND", "No such post.");
}

/** The post locked for a change, at `version` when one is named; else ENTRY_NOT_FOUND or STALE_VERSION. */
export async function lockPost(db: Db, id: number, version: string | undefined): Promise<NewsPost & { version: string }> {
  const [row] = await db
    .select({ post: newsPosts, version: postVersionOf(sql`${newsPosts.updatedAt}`) })
    .from(newsPosts)
    .where(eq(newsPosts.id, id))
    .for("update");
  if (!row) throw postNotFound();
  if (version !== undefined && row.version !== version) {
    throw new ShopError("STALE_VERSION", `“${row.post.title}” changed since the page was read.`, {
      details: { changedAt: row.post.updatedAt.toISOString() },
    });
  }
  return { ...row.post, version: row.version };
}
