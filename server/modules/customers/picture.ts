import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { afterCommit, withTransaction, type Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { Uploads } from "../media/index.ts";
import { rateLimit, type RateLimitRule, type RateLimitStore } from "../rate-limit/index.ts";
import { accountNotFound } from "./errors.ts";

/**
 * New profile pictures per account per hour: a customer trying a few is far below; a script
 * making the server decode and encode images all day is not.
 */
export const PICTURE_UPLOADS_RULE: RateLimitRule = { name: "picture-uploads", limit: 20, windowMs: 60 * 60_000 };

/**
 * A customer's profile picture (issue 13 §2, ADR 46): one per account, an upload re-encoded by
 * the media module. The file replaced is removed once the change has committed; a file stored for
 * a change that then failed is removed at once, so no upload is left behind without an owner.
 */
export function createPictures(options: { uploads?: Uploads; rateLimits?: RateLimitStore }) {
  const limiter = options.rateLimits ? rateLimit(options.rateLimits, PICTURE_UPLOADS_RULE) : null;

  function uploads(): Uploads {
    if (!options.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
    return options.uploads;
  }

  /** Sets the account's picture, returning the old one's address to remove after commit. */
  async function replace(scope: Scope, userId: number, picture: string | null): Promise<void> {
    await withTransaction(scope, async (tx) => {
      const [before] = await tx.db.select({ picture: users.picture }).from(users).where(eq(users.id, userId)).for("update");
      if (!before) throw accountNotFound();
      await tx.db.update(users).set({ picture, updatedAt: new Date() }).where(eq(users.id, userId));
      const old = before.picture;
      if (old && old !== picture) {
        afterCommit(
          tx,
          () =>
            void uploads()
              .remove(old)
              .catch(() => {}),
        );
      }
    });
  }

  return {
    /** Stores `file` (a multipart or form upload) as the account's new picture. */
    async setPicture(scope: Scope, userId: number, file: unknown): Promise<void> {
      if (limiter) {
        const verdict = await limiter.hit(`user:${userId}`);
        if (verdict.limited) {
          throw new ShopError("TOO_MANY_REQUESTS", "Too many new pictures in an hour. Please try again later.", {
            retryAfterSeconds: verdict.retryAfterSeconds,
          });
        }
      }
      const stored = await uploads().store("picture", file, "picture");
      try {
        await replace(scope, userId, stored.src);
      } catch (error) {
        await uploads().remove(stored.src);
        throw error;
      }
    },

    async removePicture(scope: Scope, userId: number): Promise<void> {
      await replace(scope, userId, null);
    },
  };
}
