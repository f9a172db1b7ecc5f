import type { Db } from "../../db/client.ts";
import { fileNameOf, recordUpload } from "../media-library/index.ts";
import type { StructureDeps } from "./change.ts";

/** A stored upload as a change records it: its address, and its media library record to make in the change's transaction. */
export interface StoredUpload {
  path: string;
  /** Makes the upload a record of the media library (ADR 78), described by `alt`; its id. */
  record: (db: Db, alt: string) => Promise<number>;
}

/**
 * Stores an uploaded picture or logo through the shop's upload use case (the media module checks
 * the bytes, re-encodes to WebP and drops the metadata), then runs the change that records it;
 * a change that fails leaves no file behind.
 */
export async function storeImage(
  deps: StructureDeps,
  file: unknown,
  field: string,
  change: (upload: StoredUpload) => Promise<void>,
) {
  if (!deps.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
  const stored = await deps.uploads.store("catalogue-image", file, field);
  const name = fileNameOf(file);
  try {
    await change({ path: stored.src, record: (db, alt) => recordUpload(db, stored, { name, alt }) });
  } catch (error) {
    await deps.uploads.remove(stored.src);
    throw error;
  }
}
