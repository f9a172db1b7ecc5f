import { eq, sql } from "drizzle-orm";
import { productImages, products } from "../../db/schema/index.ts";
import { invalidInput, parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { isUploadedFile, type StoredImage, type Uploads } from "../media/index.ts";
import { fileNameOf, recordUpload } from "../media-library/index.ts";
import { changeImages, idsOf, type GalleryDeps } from "./change.ts";
import { productVersionOf } from "../product-editor/index.ts";
import { isVersion, productNotFound, staleProduct } from "./product-as-read.ts";
import { AddImageInput, UploadInput } from "./schemas.ts";
import { IMAGES_FIELD, MAX_IMAGES_AT_ONCE } from "./shared.ts";

export interface UploadDeps extends GalleryDeps {
  uploads?: Uploads;
}

/**
 * Adds one or several images to a product, after its others (issue 25 §1), each with the text
 * that describes it. Each file goes through the shop's one upload use case (ADR 46: the type read
 * from its bytes, decoded within a pixel budget, turned upright, scaled down, encoded again as
 * WebP without its metadata) and is stored under the uploads folder; its row's path is that
 * upload's /uploads/ address, which the image endpoint serves like the media folder's paths.
 * Files stored for a change that then fails (a stale page, a bad file among them) are removed.
 */
export async function uploadImages(scope: StaffScope, deps: UploadDeps, raw: unknown, files: readonly unknown[]) {
  return storeAndAdd(scope, deps, parseInput(UploadInput, raw), files, IMAGES_FIELD);
}

/**
 * One image added through the GraphQL API (ADR 73): the same change as the page's upload, its
 * file's errors said on `image`. The version is optional there: an image put after the others
 * replaces nothing a client could have read, so without one it goes after whatever the product
 * has then; with one (the page's, or the content API's `version`), a product changed since is
 * refused (STALE_VERSION).
 */
export async function addImage(scope: StaffScope, deps: UploadDeps, raw: unknown, file: unknown) {
  const [added] = await storeAndAdd(scope, deps, parseInput(AddImageInput, raw), [file], "image");
  return added!;
}

async function storeAndAdd(
  scope: StaffScope,
  deps: UploadDeps,
  input: { productId: number; version?: string; alt: string },
  files: readonly unknown[],
  field: string,
) {
  const sent = files.filter((file) => isUploadedFile(file) && file.size > 0);
  if (sent.length === 0) throw invalidInput(field, "Choose an image to upload.");
  if (sent.length > MAX_IMAGES_AT_ONCE) throw invalidInput(field, `Upload at most ${MAX_IMAGES_AT_ONCE} images at once.`);
  if (!deps.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
  const uploads = deps.uploads;

  // A stale page or a missing product is said before any image is decoded; checked again under the lock.
  const [product] = await scope.db
    .select({ updatedAt: products.updatedAt, version: productVersionOf(sql`${products.updatedAt}`) })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) throw productNotFound();
  if (input.version !== undefined && !isVersion(product, input.version)) throw staleProduct(product.updatedAt);

  const stored: StoredImage[] = [];
  const removeStored = () => Promise.all(stored.map((image) => uploads.remove(image.src).catch(() => {})));
  try {
    for (const file of sent) stored.push(await uploads.store("product-image", file, field));
    const names = sent.map((file) => fileNameOf(file));
    return await changeImages(scope, deps, input, async (tx, images) => {
      // After the last one, whatever positions the others hold.
      const next = images.reduce((last, image) => Math.max(last, image.position + 1), 0);
      // Each upload is also a record of the media library (ADR 78), which the image names.
      const mediaIds: number[] = [];
      for (const [index, image] of stored.entries()) {
        mediaIds.push(await recordUpload(tx.db, image, { name: names[index]!, alt: input.alt }));
      }
      const rows = await tx.db
        .insert(productImages)
        .values(
          stored.map((image, index) => ({
            productId: input.productId,
            mediaId: mediaIds[index]!,
            path: image.src,
            alt: input.alt,
            width: image.width,
            height: image.height,
            position: next + index,
          })),
        )
        .returning({
          id: productImages.id,
          path: productImages.path,
          alt: productImages.alt,
          width: productImages.width,
          height: productImages.height,
        });
      return {
        result: rows,
        audit: {
          action: "product.image-added",
          changes: { added: [null, rows], order: [idsOf(images), [...idsOf(images), ...idsOf(rows)]] },
        },
      };
    });
  } catch (error) {
    await removeStored();
    throw error;
  }
}
