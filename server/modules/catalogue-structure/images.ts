import type { StructureDeps } from "./change.ts";

/**
 * Stores an uploaded picture or logo through the shop's upload use case (the media module checks
 * the bytes, re-encodes to WebP and drops the metadata), then runs the change that records its
 * path; a change that fails leaves no file behind.
 */
export async function storeImage(deps: StructureDeps, file: unknown, field: string, change: (path: string) => Promise<void>) {
  if (!deps.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
  const stored = await deps.uploads.store("catalogue-image", file, field);
  try {
    await change(stored.src);
  } catch (error) {
    await deps.uploads.remove(stored.src);
    throw error;
  }
}
