import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { Uploads } from "../media/index.ts";
import { moveImage, reorderImages, setMainImage } from "./arrange-images.ts";
import { editAlt } from "./edit-alt.ts";
import { gallery } from "./gallery.ts";
import { removeImage } from "./remove-image.ts";
import { addImage, uploadImages } from "./upload-images.ts";

/*
 * A product's images in the back office (issue 25 §1, ADR 65): upload, order, the main image,
 * their texts, removal. Every change is one transaction with its audit entry, checked against
 * the product's version, and tells the storefront's caches once it has committed.
 */

export type { Gallery, GalleryImage } from "./gallery.ts";
export { IMAGES_FIELD, MAX_IMAGES_AT_ONCE } from "./shared.ts";

export function createProductGallery(options: {
  uploads?: Uploads;
  /** catalog.invalidate: the storefront shows the change at once. */
  catalogueChanged: () => void;
  /** A removed image's file that could not be deleted. */
  onCleanupError: (error: unknown) => void;
}) {
  const deps = options;
  return {
    gallery: (scope: Scope, raw: unknown) => gallery(scope, raw),
    uploadImages: (scope: StaffScope, raw: unknown, files: readonly unknown[]) => uploadImages(scope, deps, raw, files),
    /** One image through the GraphQL API; `raw`: { productId, alt, version? }. */
    addImage: (scope: StaffScope, raw: unknown, file: unknown) => addImage(scope, deps, raw, file),
    moveImage: (scope: StaffScope, raw: unknown) => moveImage(scope, deps, raw),
    reorderImages: (scope: StaffScope, raw: unknown) => reorderImages(scope, deps, raw),
    setMainImage: (scope: StaffScope, raw: unknown) => setMainImage(scope, deps, raw),
    editAlt: (scope: StaffScope, raw: unknown) => editAlt(scope, deps, raw),
    removeImage: (scope: StaffScope, raw: unknown) => removeImage(scope, deps, raw),
  };
}

export type ProductGallery = ReturnType<typeof createProductGallery>;
