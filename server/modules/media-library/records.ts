import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { brands, categories, mediaFiles, orderLines, productImages, users } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

export const mediaNotFound = () =>
  new ShopError("ENTRY_NOT_FOUND", "This image is not in the media library: it may have been deleted. Reload the page.");

/** The refusal of a page read before another change of the image (409, with when it changed). */
export const staleMedia = (changedAt: Date) =>
  new ShopError("STALE_VERSION", "Someone changed this image since you opened the page. Check it as it is now, then try again.", {
    details: { changedAt: changedAt.toISOString() },
  });

/** An image's version as its forms carry it: its updated_at as ISO text. */
export const versionOf = (updatedAt: Date) => updatedAt.toISOString();

export type MediaRow = typeof mediaFiles.$inferSelect;

/**
 * The record `id`, locked until the change commits, when the page read it as it is (`version`).
 * The lock also waits for a use being added (its foreign key holds a share lock on the row), so a
 * delete never races a new use.
 */
export async function lockedMedia(db: Db, id: number, version: string): Promise<MediaRow> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).for("update");
  if (!row) throw mediaNotFound();
  if (versionOf(row.updatedAt) !== version) throw staleMedia(row.updatedAt);
  return row;
}

/** The version moved on by a millisecond at least, so two changes in one millisecond still give two versions. */
export const nextVersion = sql`greatest(now(), ${mediaFiles.updatedAt} + interval '1 millisecond')`;

/**
 * Whether anything still names the file at `path` once a record let it go: another record, a
 * product image, category or brand of the shop's own, a past order's line (its picture of the
 * product as bought), a profile picture. Asked after the commit.
 */
export async function fileStillNamed(db: Db, path: string): Promise<boolean> {
  const [row] = await queryRows<{ named: boolean }>(
    db,
    sql`select (
      exists (select 1 from ${mediaFiles} where ${mediaFiles.path} = ${path})
      or exists (select 1 from ${productImages} where ${productImages.path} = ${path})
      or exists (select 1 from ${categories} where ${categories.imagePath} = ${path})
      or exists (select 1 from ${brands} where ${brands.logoPath} = ${path})
      or exists (select 1 from ${orderLines} where ${orderLines.image} = ${path})
      or exists (select 1 from ${users} where ${users.picture} = ${path})
    ) as named`,
  );
  return row?.named ?? true;
}
