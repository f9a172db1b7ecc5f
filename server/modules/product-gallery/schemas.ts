import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";

/*
 * The inputs of the gallery's use cases, one schema each. Every change names the product and the
 * version its page was read at (the product's updated_at as ISO text, the version the product
 * editor's forms carry too): a page read before another change is refused (STALE_VERSION).
 */

const productId = recordIdInput("This product does not exist.");
const imageId = recordIdInput("This image is not one of the product's.");
const version = z.string({ error: "The page's version is missing: reload the page." }).min(1).max(64);

/** The text that describes an image to those who cannot see it: required, as on the shop. */
export const altText = z
  .string({ error: "Describe the image for those who cannot see it." })
  .trim()
  .min(1, "Describe the image for those who cannot see it.")
  .max(200, "Use at most 200 characters to describe the image.");

const change = { productId, version };

export const UploadInput = z.object({ ...change, alt: altText });
/** An image added through the GraphQL API: the version is optional there (upload-images.ts says why). */
export const AddImageInput = z.object({ productId, version: version.optional(), alt: altText });
export const MoveInput = z.object({
  ...change,
  image: imageId,
  direction: z.enum(["up", "down"], { error: "Move an image up or down." }),
});
/** The whole new order, as the drag and drop sends it: every image id of the product, comma-separated, first is the main. */
export const ReorderInput = z.object({
  ...change,
  order: z
    .string({ error: "Send the images' new order." })
    .max(2000, "Send the images' new order.")
    .regex(/^\d+(,\d+)*$/, "Send the images' new order.")
    .transform((text) => text.split(",").map(Number)),
});
export const SetMainInput = z.object({ ...change, image: imageId });
export const AltInput = z.object({ ...change, image: imageId, alt: altText });
export const RemoveInput = z.object({ ...change, image: imageId });
