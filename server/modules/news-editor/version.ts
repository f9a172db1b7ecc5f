import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsPosts, type NewsPost } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { nextVersion, refuseStale, versionOf } from "../editorial/index.ts";

/* A post's version is the editors' (ADR 58, 63, 75): its updated_at to the microsecond. */

export const postVersionOf = versionOf;

export const nextPostVersion = nextVersion(newsPosts.updatedAt);

export function postNotFound(): ShopError {
  return new ShopError("ENTRY_NOT_FOUND", "No such post.");
}

/** The post locked for a change, at `version` when one is named; else ENTRY_NOT_FOUND or STALE_VERSION. */
export async function lockPost(db: Db, id: number, version: string | undefined): Promise<NewsPost & { version: string }> {
  const [row] = await db
    .select({ post: newsPosts, version: versionOf(newsPosts.updatedAt) })
    .from(newsPosts)
    .where(eq(newsPosts.id, id))
    .for("update");
  if (!row) throw postNotFound();
  const locked = { ...row.post, version: row.version };
  refuseStale(locked, version);
  return locked;
}
