import { eq } from "drizzle-orm";
import { productImages } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { changeImages, type GalleryDeps } from "./change.ts";
import { imageNotFound } from "./product-as-read.ts";
import { AltInput } from "./schemas.ts";

/** Changes the text that describes one image to those who cannot see it (never to nothing). */
export async function editAlt(scope: StaffScope, deps: GalleryDeps, raw: unknown): Promise<void> {
  const input = parseInput(AltInput, raw);
  await changeImages(scope, deps, input, async (tx, images) => {
    const image = images.find((row) => row.id === input.image);
    if (!image) throw imageNotFound();
    await tx.db.update(productImages).set({ alt: input.alt }).where(eq(productImages.id, image.id));
    return {
      result: undefined,
      audit: {
        action: "product.image-alt-changed",
        changes: {
          alt: [
            { image: image.id, alt: image.alt },
            { image: image.id, alt: input.alt },
          ],
        },
      },
    };
  });
}
