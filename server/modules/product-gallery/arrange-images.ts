import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { changeImages, idsOf, type GalleryDeps } from "./change.ts";
import { imageNotFound, writeOrder, type GalleryRow } from "./product-as-read.ts";
import { MoveInput, ReorderInput, SetMainInput } from "./schemas.ts";

/*
 * The order of a product's images (issue 25 §1): moved one place by the page's buttons (no
 * JavaScript), dragged into a whole new order, or one made the main image (the first: the shop
 * shows the image of lowest position first, on its cards and its product page).
 */

/** Stores `order` when it differs from the images' order now; audited as `action` with the ids before and after. */
async function arrange(
  scope: StaffScope,
  deps: GalleryDeps,
  input: { productId: number; version: string },
  action: string,
  reorder: (images: GalleryRow[]) => number[],
): Promise<number[]> {
  return changeImages(scope, deps, input, async (tx, images) => {
    const before = idsOf(images);
    const after = reorder(images);
    await writeOrder(tx.db, input.productId, after);
    return { result: after, audit: { action, changes: { order: [before, after] } } };
  });
}

function indexOf(images: GalleryRow[], id: number): number {
  const at = images.findIndex((image) => image.id === id);
  if (at < 0) throw imageNotFound();
  return at;
}

/** Moves one image a place up (towards the main image) or down; at either end it stays. */
export async function moveImage(scope: StaffScope, deps: GalleryDeps, raw: unknown): Promise<number[]> {
  const input = parseInput(MoveInput, raw);
  return arrange(scope, deps, input, "product.images-reordered", (images) => {
    const ids = idsOf(images);
    const from = indexOf(images, input.image);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return ids;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    return ids;
  });
}

/** Puts the images in the order given: every one of the product's images, each once. */
export async function reorderImages(scope: StaffScope, deps: GalleryDeps, raw: unknown): Promise<number[]> {
  const input = parseInput(ReorderInput, raw);
  return arrange(scope, deps, input, "product.images-reordered", (images) => {
    const now = idsOf(images);
    const wanted = input.order;
    const same = wanted.length === now.length && new Set(wanted).size === wanted.length && wanted.every((id) => now.includes(id));
    // The page showed these images at this version: another list is not the page's.
    if (!same)
      throw new ShopError("INVALID_INPUT", "The new order must hold each of the product's images once.", { field: "order" });
    return wanted;
  });
}

/** Makes one image the main image (the first); the others keep their order after it. */
export async function setMainImage(scope: StaffScope, deps: GalleryDeps, raw: unknown): Promise<number[]> {
  const input = parseInput(SetMainInput, raw);
  return arrange(scope, deps, input, "product.main-image-set", (images) => {
    indexOf(images, input.image);
    return [input.image, ...idsOf(images).filter((id) => id !== input.image)];
  });
}
