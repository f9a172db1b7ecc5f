import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { brands, categories, mediaFiles, productImages } from "../../db/schema/index.ts";
import { afterCommitOn } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import type { Uploads } from "../media/index.ts";
import { changeImages, idsOf, type GalleryDeps } from "./change.ts";
import { imageNotFound, writeOrder } from "./product-as-read.ts";
import { RemoveInput } from "./schemas.ts";

export interface RemoveDeps extends GalleryDeps {
  uploads?: Uploads;
  /** A file that could not be removed after the change committed (the row is gone either way). */
  onCleanupError: (error: unknown) => void;
}

/** Whether any image, category or brand still shows the file at `path`, or the media library keeps it (ADR 78). */
async function pathInUse(db: Db, path: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select (
      exists (select 1 from ${productImages} where ${productImages.path} = ${path})
      or exists (select 1 from ${categories} where ${categories.imagePath} = ${path})
      or exists (select 1 from ${brands} where ${brands.logoPath} = ${path})
      or exists (select 1 from ${mediaFiles} where ${mediaFiles.path} = ${path})
    ) as used`,
  );
  return row?.used ?? true;
}

/**
 * Removes one image from the product: its row goes, the others close the gap (the next becomes
 * the main image when the main one goes). The file goes too once the change has committed, when
 * it is an upload that nothing else shows any more (a duplicated product shares its images'
 * files) and that the media library does not keep (an upload's record stays in the library until
 * it is deleted there, ADR 78); the shop's own media folder is never touched.
 */
export async function removeImage(scope: StaffScope, deps: RemoveDeps, raw: unknown): Promise<void> {
  const input = parseInput(RemoveInput, raw);
  await changeImages(scope, deps, input, async (tx, images) => {
    const image = images.find((row) => row.id === input.image);
    if (!image) throw imageNotFound();
    await tx.db.delete(productImages).where(eq(productImages.id, image.id));
    const rest = idsOf(images).filter((id) => id !== image.id);
    await writeOrder(tx.db, input.productId, rest);
    const uploads = deps.uploads;
    if (uploads) {
      // Asked after the commit, so an image added meanwhile with the same file keeps it.
      afterCommitOn(tx.db, (db) => {
        pathInUse(db, image.path)
          .then((used) => (used ? undefined : uploads.remove(image.path)))
          .catch(deps.onCleanupError);
      });
    }
    return {
      result: undefined,
      audit: {
        action: "product.image-removed",
        changes: { image: [{ id: image.id, path: image.path, alt: image.alt }, null], order: [idsOf(images), rest] },
      },
    };
  });
}
