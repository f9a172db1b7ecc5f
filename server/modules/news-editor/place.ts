import { eq } from "drizzle-orm";
import { newsPosts } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { forgetAddresses, placeStep, type PlaceChange } from "../editorial/index.ts";
import type { NewsEditorDeps } from "./deps.ts";
import { PostId, PostVersionInput } from "./schemas.ts";
import { lockPost, nextPostVersion } from "./version.ts";
import { newsStatusOf } from "./words.ts";

/*
 * A post's place on the site, apart from its fields (ADR 75): taken off (unpublished: a draft
 * again), removed (a draft is deleted; a post that is or will be on the site is archived, never
 * deleted, so its addresses and history stay), or an archived post restored as a draft. Each at
 * the version read, audited in its transaction.
 */

export async function movePost(
  scope: StaffScope,
  deps: NewsEditorDeps,
  rawId: unknown,
  raw: unknown,
  place: PlaceChange,
): Promise<{ id: number; done: "unpublished" | "deleted" | "archived" | "restored" }> {
  const id = parseInput(PostId, rawId, "id");
  const { version } = parseInput(PostVersionInput, raw);
  const result = await withTransaction(scope, async (tx) => {
    const post = await lockPost(tx.db, id, version);
    const audit = (action: string, changes: Record<string, [unknown, unknown]>) =>
      recordAudit(tx, { action, entityType: "news", entityId: id, changes });
    switch (placeStep(newsStatusOf(post), place)) {
      case "unpublish":
        await tx.db.update(newsPosts).set({ publishedAt: null, updatedAt: nextPostVersion }).where(eq(newsPosts.id, id));
        await audit("news.unpublished", { publishedAt: [post.publishedAt, null] });
        return { id, done: "unpublished" as const };
      case "restore":
        await tx.db.update(newsPosts).set({ archivedAt: null, updatedAt: nextPostVersion }).where(eq(newsPosts.id, id));
        await audit("news.restored", { archivedAt: [post.archivedAt, null] });
        return { id, done: "restored" as const };
      case "delete":
        await forgetAddresses(tx.db, "news", id);
        await tx.db.delete(newsPosts).where(eq(newsPosts.id, id));
        await audit("news.deleted", { title: [post.title, null], slug: [post.slug, null] });
        return { id, done: "deleted" as const };
      case "none":
        return { id, done: "archived" as const };
      case "archive": {
        const now = new Date();
        await tx.db
          .update(newsPosts)
          .set({ archivedAt: now, publishedAt: null, updatedAt: nextPostVersion })
          .where(eq(newsPosts.id, id));
        await audit("news.archived", { publishedAt: [post.publishedAt, null], archivedAt: [null, now] });
        return { id, done: "archived" as const };
      }
    }
  });
  afterCommit(scope, deps.changed);
  return result;
}
