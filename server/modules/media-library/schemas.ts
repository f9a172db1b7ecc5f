import { z } from "zod";
import { MEDIA_FILTERS } from "./shared.ts";

/*
 * The media library's inputs (ADR 78), one schema each, every field as a form sends it (text).
 */

const id = z.coerce.number({ error: "Not an image of the library." }).int().positive().max(2_147_483_647);
const version = z.string().max(40).default("");
const alt = z.string().trim().max(200, "At most 200 characters.");

export const ListInput = z.object({
  q: z.string().trim().max(100).default(""),
  filter: z.enum(MEDIA_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** Several files sent at once; one description for all (empty: described later, one by one). */
export const UploadInput = z.object({ alt: alt.default("") });

export const AltInput = z.object({
  id,
  version,
  alt: alt.min(1, "Describe the image for those who cannot see it."),
});

/** An image to replace or delete, as the page read it. */
export const MediaRef = z.object({ id, version });

export const ChooserInput = z.object({
  q: z.string().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(200).default(60),
});
